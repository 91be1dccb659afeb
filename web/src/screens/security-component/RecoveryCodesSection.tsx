// My recovery codes (issue 35): how many are left, and a new set (the old ones void), shown this once. Only for a
// user whose cobrand offers them and who has a token step they stand in for. Loaded by the script (docs/decisions.md).
import { ErrorCodes, RecoveryCodePaths, routePath } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { HttpError, call, getJson } from '../../api/client';
import { announce } from '../../components/announce';
import { useHydrated } from '../../page/browser-value';
import { usePage } from '../../page/page-context';
import { useSectionCalls } from './section-calls';

export function RecoveryCodesSection() {
  const { cobrand } = usePage();
  return (cobrand.recoveryCodes ?? 'off') === 'off' ? null : <RecoveryCodes />;
}

function RecoveryCodes() {
  const { t, cobrand } = usePage();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<{ offered: boolean; left: number } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const shown = useRef<HTMLParagraphElement>(null);
  const sections = useSectionCalls();
  const reload = async () => setStatus(await getJson<{ offered: boolean; left: number }>(RecoveryCodePaths.codes));
  const toSignIn = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;

  useEffect(() => {
    reload().catch(sections.failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);
  // The new codes appear below the button: focus goes to their introduction, so a screen reader reads them next.
  useEffect(() => shown.current?.focus(), [codes]);

  const create = async () => {
    sections.clear();
    setSignInAgain(false);
    try {
      const made = await (await call(RecoveryCodePaths.codes, { method: 'POST' })).json();
      setCodes((made as { codes: string[] }).codes);
      await reload();
      announce(t('security.recoveryCodes.created'));
    } catch (error) {
      const code = error instanceof HttpError ? error.body?.errors[0]?.code : undefined;
      if (error instanceof HttpError && error.status === 403 && code === ErrorCodes.signInAgain) {
        setSignInAgain(true);
        return announce(t('security.recoveryCodes.signInAgain'));
      }
      sections.failure(error);
    }
  };

  if (status && !status.offered) return null;
  return (
    <section className="portal-security__section" aria-labelledby="security-recovery-codes">
      <h2 className="portal-security__heading" id="security-recovery-codes">
        {t('security.recoveryCodes.heading')}
      </h2>
      <p className="portal-hint">{t('security.recoveryCodes.intro')}</p>
      {!hydrated && <p className="portal-hint">{t('security.needsScript')}</p>}
      {sections.error && <p className="portal-security__error">{sections.error}</p>}
      {status && <p id="recovery-codes-left">{t('security.recoveryCodes.left', String(status.left))}</p>}
      {signInAgain && (
        <p className="portal-security__error">
          {t('security.recoveryCodes.signInAgain')}{' '}
          <a className="portal-link" href={toSignIn}>
            {t('security.passkeys.signInAgainLink')}
          </a>
        </p>
      )}
      {codes && (
        <>
          <p ref={shown} tabIndex={-1}>
            {t('security.recoveryCodes.shown')}
          </p>
          <ol className="portal-security__codes">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
        </>
      )}
      {hydrated && status && (
        <button type="button" className="portal-button portal-button--secondary" onClick={() => void create()}>
          {t('security.recoveryCodes.create')}
        </button>
      )}
    </section>
  );
}
