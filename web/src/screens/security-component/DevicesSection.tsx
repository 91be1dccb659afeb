// My trusted devices (issue 35): the browsers the account signed in from, this one marked, with when each was first
// and last used; forget one (from a sign-in within five minutes), and its next sign-in is from an unknown device. Loaded by the script (docs/decisions.md).
import { Paths, type DeviceView } from '@portal/contract';
import { securitySectionId } from '@portal/contract/security';
import { useEffect, useRef, useState } from 'react';
import { HttpError, call, getJson } from '../../api/client';
import { announce } from '../../components/announce';
import { useHydrated } from '../../page/browser-value';
import { usePage } from '../../page/page-context';
import { ConfirmStep, useConfirmStep } from './confirm-step';
import { useDescribe } from './describe';
import { useSectionCalls } from './section-calls';
import { SignInAgain, useSignInAgain } from './sign-in-again';

/** One device as GET /sdportal/rest/devices lists it (docs/api.md). */
interface TrustedDevice {
  id: string;
  device: DeviceView;
  address: string | null;
  createdAt: number;
  lastUsedAt: number;
  current: boolean;
  locked: boolean;
}

export function DevicesSection() {
  const { t } = usePage();
  const hydrated = useHydrated();
  const [devices, setDevices] = useState<TrustedDevice[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const sections = useSectionCalls();
  const signInAgain = useSignInAgain();
  const reload = async () => setDevices((await getJson<{ devices: TrustedDevice[] }>(Paths.devices)).devices);

  useEffect(() => {
    reload().catch(sections.failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);

  const forget = async (device: TrustedDevice) => {
    sections.clear();
    signInAgain.clear();
    try {
      await call(Paths.device(device.id), { method: 'DELETE' });
    } catch (error) {
      if (signInAgain.caught(error)) return;
      // Already forgotten (from another browser): the list read again says so as well.
      if (!(error instanceof HttpError && error.status === 404)) return sections.failure(error);
    }
    try {
      await reload();
      announce(t('security.devices.forgotten'));
      // The button pressed is gone with its device: focus goes back to the list's heading.
      heading.current?.focus();
    } catch (error) {
      sections.failure(error);
    }
  };

  return (
    <section className="portal-security__section" aria-labelledby={securitySectionId('devices')}>
      <h2 className="portal-security__heading" id={securitySectionId('devices')} ref={heading} tabIndex={-1}>
        {t('security.devices.heading')}
      </h2>
      <p className="portal-hint">{t('security.devices.intro')}</p>
      {!hydrated && <p className="portal-hint">{t('security.needsScript')}</p>}
      {sections.error && <p className="portal-security__error">{sections.error}</p>}
      {signInAgain.asked && <SignInAgain section="devices" />}
      {devices && devices.length === 0 && <p className="portal-hint">{t('security.devices.none')}</p>}
      <ul className="portal-security__list">
        {(devices ?? []).map((device) => (
          <DeviceItem key={device.id} device={device} onForget={() => forget(device)} />
        ))}
      </ul>
    </section>
  );
}

/** One device: its browser and times, and Forget, which asks first. */
function DeviceItem({ device, onForget }: { device: TrustedDevice; onForget: () => Promise<void> }) {
  const { t } = usePage();
  const describe = useDescribe();
  const name = describe.device(device.device);
  const forgetting = useConfirmStep();
  return (
    <li className="portal-security__item">
      <p className="portal-security__title">
        {name}
        {device.current && <strong className="portal-security__badge"> {t('security.devices.current')}</strong>}
      </p>
      <dl className="portal-security__facts">
        <dt>{t('security.address')}</dt>
        <dd>{describe.address(device.address)}</dd>
        <dt>{t('security.devices.firstUsed')}</dt>
        <dd>{describe.time(device.createdAt)}</dd>
        <dt>{t('security.devices.lastUsed')}</dt>
        <dd>{describe.time(device.lastUsedAt)}</dd>
      </dl>
      {device.locked && <p className="portal-security__error">{t('security.devices.locked')}</p>}
      {forgetting.open ? (
        <ConfirmStep
          step={forgetting}
          id={`device-forget-${device.id}`}
          question={t('security.devices.forgetQuestion', name)}
          yes={t('security.devices.forgetYes', name)}
          onYes={onForget}
        />
      ) : (
        <button
          ref={forgetting.opener}
          type="button"
          className="portal-button portal-button--secondary"
          aria-label={t('security.devices.forgetNamed', name)}
          onClick={forgetting.ask}
        >
          {t('security.devices.forget')}
        </button>
      )}
    </li>
  );
}
