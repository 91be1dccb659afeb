/** What a step of the sign-in flow shows when it cannot be used yet: its title and the way back to sign-in. */
import { routePath } from '@portal/contract';
import type { MessageKey } from '../i18n/translator';
import { usePage } from '../page/page-context';

export function StepUnavailable({ titleKey }: { titleKey: MessageKey }) {
  const { t, cobrand } = usePage();
  return (
    <div className="portal-step-unavailable">
      <h1 className="portal-heading">{t(titleKey)}</h1>
      <p>{t('screen.notAvailable')}</p>
      <p><a className="portal-link" href={`${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`}>{t('screen.backToSignin')}</a></p>
    </div>
  );
}
