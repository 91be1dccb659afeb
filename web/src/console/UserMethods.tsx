/**
 * How the user signs in, as the help desk asks it first on the phone: with a password (in use, expired or temporary)
 * or a token (the portal's own, waiting for a new PIN or not, or the bank's token server's), how many recovery codes
 * are left, and the identity linked at the bank's single sign-on. Passkeys have their own list below.
 */
import { useTexts } from './console-texts';
import type { ConsoleUser, SignInMethods } from './console-types';
import { FactsSection } from './FactsSection';

function tokenWords({ token }: SignInMethods): string {
  if (token?.heldBy === 'server') return 'console.token.server';
  return token?.newPin ? 'console.token.portalNewPin' : 'console.token.portal';
}

export function UserMethods({ user, methods }: { user: ConsoleUser; methods: SignInMethods }) {
  const { t } = useTexts();
  const sso = methods.singleSignOn;
  const rows: [string, string][] = [
    sso
      ? [
          t('console.methods.sso'),
          sso.subjects.length ? t('console.sso.linked', sso.subjects.join(', ')) : t('console.sso.notLinked'),
        ]
      : [t('console.methods.password'), t(`console.password.${user.passwordState}`)],
    ...(methods.token ? [[t('console.methods.token'), t(tokenWords(methods))] as [string, string]] : []),
    [t('console.methods.recoveryCodes'), String(methods.recoveryCodesLeft)],
  ];
  return <FactsSection id="methods" heading={t('console.methods.heading')} rows={rows} />;
}
