// My recovery codes (issue 35): how many are left, and a new set (the old ones void), shown this once, from a sign-in
// within five minutes. Only for a
// user whose cobrand offers them and who has a token step they stand in for. Loaded by the script (docs/decisions.md).
import { RecoveryCodePaths } from '@portal/contract';
import { securitySectionId } from '@portal/contract/security';
import { useEffect, useRef, useState } from 'react';
import { call, getJson } from '../../api/client';
import { announce } from '../../components/announce';
import { useHydrated } from '../../page/browser-value';
import { usePage } from '../../page/page-context';
import { ConfirmStep, useConfirmStep } from './confirm-step';
import { useSectionCalls } from './section-calls';
import { SignInAgain, useSignInAgain } from './sign-in-again';

export function RecoveryCodesSection() {
  const { cobrand } = usePage();
  return (cobrand.recoveryCodes ?? 'off') === 'off' ? null : <RecoveryCodes />;
}

function RecoveryCodes() {
  const { t } = usePage();
  const hydrated = useHydrated();
  const [status, setStatus] = useState<{ offered: boolean; left: number } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const signInAgain = useSignInAgain();
  const shown = useRef<HTMLParagraphElement>(null);
  const sections = useSectionCalls();
  // A new set voids the codes there are: asked first, even with none left, so the button always does the same.
  const creating = useConfirmStep();
  const reload = async () => setStatus(await getJson<{ offered: boolean; left: number }>(RecoveryCodePaths.codes));

  useEffect(() => {
    reload().catch(sections.failure);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);
  // The new codes appear below the button: focus goes to their introduction, so a screen reader reads them next.
  useEffect(() => shown.current?.focus(), [codes]);

  const create = async () => {
    sections.clear();
    signInAgain.clear();
    try {
      const made = await (await call(RecoveryCodePaths.codes, { method: 'POST' })).json();
      setCodes((made as { codes: string[] }).codes);
      await reload();
      announce(t('security.recoveryCodes.created'));
    } catch (error) {
      if (!signInAgain.caught(error)) sections.failure(error);
    }
  };

  if (status && !status.offered) return null;
  return (
    <section className="portal-security__section" aria-labelledby={securitySectionId('recovery-codes')}>
      <h2 className="portal-security__heading" id={securitySectionId('recovery-codes')} tabIndex={-1}>
        {t('security.recoveryCodes.heading')}
      </h2>
      <p className="portal-hint">{t('security.recoveryCodes.intro')}</p>
      {!hydrated && <p className="portal-hint">{t('security.needsScript')}</p>}
      {sections.error && <p className="portal-security__error">{sections.error}</p>}
      {status && <p id="recovery-codes-left">{t('security.recoveryCodes.left', String(status.left))}</p>}
      {signInAgain.asked && <SignInAgain section="recovery-codes" />}
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
      {hydrated && status && creating.open && (
        <ConfirmStep
          step={creating}
          id="recovery-codes-question"
          question={t('security.recoveryCodes.createQuestion')}
          yes={t('security.recoveryCodes.createYes')}
          onYes={create}
        />
      )}
      {hydrated && status && !creating.open && (
        <button
          ref={creating.opener}
          type="button"
          className="portal-button portal-button--secondary"
          onClick={creating.ask}
        >
          {t('security.recoveryCodes.create')}
        </button>
      )}
    </section>
  );
}
