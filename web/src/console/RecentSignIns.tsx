/**
 * The user's last sign-in tries, newest first, one line each: when, the outcome and a refusal's reason in the
 * operator's words, the method, the browser named as the user's own security page names it, the address, and whether
 * the browser was one the user trusts: how the help desk tells the user's own typos from someone else's guessing.
 */
import { deviceName, type DeviceWordKey } from '@portal/contract/device-name';
import { useTexts, type Texts } from './console-texts';
import type { SignInTry } from './console-types';

/** The audit's word for a refusal, and the console's text for it (signin/refusals.ts and the methods write them). */
const REASONS: Record<string, string> = {
  credentials: 'console.reason.credentials',
  locked: 'console.reason.locked',
  'locked meanwhile': 'console.reason.locked',
  inactive: 'console.reason.inactive',
  'device locked': 'console.reason.deviceLocked',
  unavailable: 'console.reason.busy',
  'next tokencode': 'console.reason.nextTokencode',
  'signs in at the identity provider': 'console.reason.ssoOnly',
  'code ended': 'console.reason.codeEnded',
};

function reasonText({ t }: Texts, reason: string | null): string {
  if (reason === null) return t('console.reason.other', '—');
  if (REASONS[reason]) return t(REASONS[reason]);
  // A part the sign-in needed ("radius unavailable", "database unavailable"): the part is the service's own name.
  return / unavailable$/.test(reason) ? t('console.reason.partUnavailable') : t('console.reason.other', reason);
}

function line(texts: Texts, signIn: SignInTry): string {
  const { t } = texts;
  const browser = { trusted: t('console.signIns.trusted'), unknown: t('console.signIns.unknown') };
  return [
    signIn.success ? t('security.signins.success') : t('console.signIns.refused', reasonText(texts, signIn.reason)),
    t(`security.method.${signIn.method ?? 'unknown'}`),
    deviceName(signIn, (key: DeviceWordKey, ...params) => t(key, ...params)),
    signIn.address,
    signIn.device ? browser[signIn.device] : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function RecentSignIns({ signIns }: { signIns: SignInTry[] }) {
  const texts = useTexts();
  const { t, when } = texts;
  return (
    <section aria-labelledby="console-signins-heading">
      <h2 className="console-subheading" id="console-signins-heading">
        {t('security.signins.heading')}
      </h2>
      {signIns.length === 0 && <p>{t('security.signins.none')}</p>}
      <ul className="console-list">
        {signIns.map((signIn, index) => (
          <li
            key={`${signIn.at}-${index}`}
            className={`console-list__item console-signin--${signIn.success ? 'success' : 'failure'}`}
          >
            <span>
              <span className="console-item__name">{when(signIn.at)}</span>{' '}
              <span className="console-list__detail">{line(texts, signIn)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
