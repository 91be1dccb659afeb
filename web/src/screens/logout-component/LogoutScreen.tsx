// Logout screen (spec §2 "Logout screen", §7 logoutLabelsAndReturnLink and externalLogoutUrl).
import { LOGOUT_CONFIRM_PARAM, Paths, type LogoutLabels } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { call, getJson, getText } from '../../api/client';
import { usePage } from '../../page/page-context';
import { LOGOUT_NOTICE_ITEM } from '../../page/logout-notice';
import { reportFailure } from '../../page/report';
import { moveFocus } from '../../components/move-focus';

/** Ends any session still open: the service names its logout address, which is then called (§7). */
async function endSession(): Promise<void> {
  const address = (await getText(Paths.externalLogoutUrl)).trim();
  if (address.startsWith('/') && !address.startsWith('//')) await call(address);
}

export function LogoutScreen() {
  const { t, cobrand, query } = usePage();
  const [labels, setLabels] = useState<LogoutLabels | null>(null);
  const [loaded, setLoaded] = useState(false);
  // Opened from another site, the screen asks before it ends the session (the service added the parameter).
  const [askedAtLoad] = useState(() => query.get(LOGOUT_CONFIRM_PARAM) === '1');
  const [asking, setAsking] = useState(askedAtLoad);
  const heading = useRef<HTMLHeadingElement>(null);
  // A screen that logged the user out because of an error left its message here (§8 new PIN: "app server down").
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    setNotice(sessionStorage.getItem(LOGOUT_NOTICE_ITEM));
    sessionStorage.removeItem(LOGOUT_NOTICE_ITEM);
  }, []);

  useEffect(() => {
    const query = `?cobrandHost=${encodeURIComponent(cobrand.name)}`;
    getJson<LogoutLabels>(`${Paths.logoutLabels}${query}`)
      .then(setLabels)
      .catch((error: unknown) => reportFailure('logout labels', error))
      .finally(() => {
        setLoaded(true);
        // When the screen asks, the answer ends the session instead.
        if (!askedAtLoad) endSession().catch((error: unknown) => reportFailure('logout', error));
      });
  }, [cobrand.name, askedAtLoad]);

  useEffect(() => {
    if (asking) document.title = t('logout.confirm.heading');
  }, [asking, t]);

  const confirm = () => {
    endSession()
      .catch((error: unknown) => reportFailure('logout', error))
      .finally(() => {
        const url = new URL(location.href);
        url.searchParams.delete(LOGOUT_CONFIRM_PARAM);
        history.replaceState(null, '', url);
        document.title = t('page.title.logout-component');
        setAsking(false);
        moveFocus(heading.current);
      });
  };

  // §2: nothing shows until the labels load; the screen keeps its place meanwhile, so nothing moves when they come.
  // Without the script it shows at once (the page's noscript stylesheet), and its button asks the logout address.
  const pending = loaded ? 'portal-logout' : 'portal-logout portal-logout--pending';
  if (asking) return <ConfirmLogout className={pending} onConfirm={confirm} />;
  const returnUrl = labels?.returnUrl ?? `${Paths.logoutReturn}?cobrandHost=${encodeURIComponent(cobrand.name)}`;
  // §2: hidden for an SSO login unless the return link is a federated-SSO logout address.
  const showReturn = !labels?.ssoLogin || Boolean(labels.fssoLogoutUrl);
  const returnLabel = labels?.['ng.return.to.login.screen'] ?? t('ng.return.to.login.screen');
  return (
    <div className={pending}>
      <h1 className="portal-heading" ref={heading} tabIndex={-1}>
        {t('logout.heading')}
      </h1>
      {notice && (
        <p className="portal-notice portal-logout__notice" role="alert">
          {notice}
        </p>
      )}
      <p className="portal-logout__message" role="status">
        {labels?.['ng.you.have.been.logged.out'] ?? t('ng.you.have.been.logged.out')}
      </p>
      {/* The provider's session may outlive the portal's: what the service did about it, and how to end that too. */}
      {labels?.ssoLogin && (
        <p className="portal-logout__sso">
          {t('logout.sso.fresh', cobrand.appName)}
          {showReturn && ` ${t('logout.sso.provider', returnLabel)}`}
        </p>
      )}
      {showReturn && (
        <a className="portal-button portal-button--primary portal-logout__return" href={returnUrl}>
          {returnLabel}
        </a>
      )}
    </div>
  );
}

/** Opened from another site, the screen asks first; without the script, its button asks the logout address itself. */
function ConfirmLogout({ className, onConfirm }: { className: string; onConfirm: () => void }) {
  const { t, cobrand } = usePage();
  return (
    <form
      className={className}
      method="get"
      action={Paths.logout}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <h1 className="portal-heading">{t('logout.confirm.heading')}</h1>
      <input type="hidden" name="cobrandHost" value={cobrand.name} />
      <button type="submit" className="portal-button portal-button--primary portal-logout__confirm">
        {t('logout.confirm.button')}
      </button>
    </form>
  );
}
