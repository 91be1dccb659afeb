/**
 * The session-expiry warning of §2/§4: a real modal dialog (labelled, described, focus moved in and given back) that
 * appears when the session has 80 s left, counts down as mm:ss, logs out at zero; Continue renews, Esc hides it,
 * and Tab stays between its two buttons. Hidden, it leaves a compact banner with the time left and Continue, so the
 * user can still renew before being logged out. Tabs of one browser stay in step through the shared session clock.
 */
import { Paths, messageFormatter, type MessageSource, type SessionWarningContent } from '@portal/contract';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { getJson } from '../api/client';
import { usePage } from '../page/page-context';
import { reportFailure } from '../page/report';
import { SessionClock, mmss, warningAt, type SessionEvent } from '../session/session-clock';
import { moveFocus } from './move-focus';
import { parseLate } from '../i18n/parse-late';

/**
 * The polite announcement changes when the dialog opens, then once per 20-second band and once for the last
 * 10 seconds, so a screen reader hears the time without being flooded every second.
 */
const band = (seconds: number) => (seconds <= 10 ? 0 : Math.ceil(seconds / 20));

/**
 * The session's clock for this page: renewed when the screen opens, kept in step with the other tabs, ticking every
 * second; `logout` runs once, when the session ends here or in another tab.
 */
/** The content with its countdown message parsed (the scripts carry no ICU parser: parse-late.ts). */
type WarningContent = Omit<SessionWarningContent, 'generalSessionAboutToExpireMessage'> & {
  generalSessionAboutToExpireMessage: MessageSource;
};
const countdownOf = ({ generalSessionAboutToExpireMessage }: SessionWarningContent) => ({
  generalSessionAboutToExpireMessage,
});

function useSessionClock(cobrand: string, onLogout: () => void) {
  const clock = useRef<SessionClock | null>(null);
  const [content, setContent] = useState<WarningContent | null>(null);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const sessionClock = new SessionClock();
    clock.current = sessionClock;
    const unsubscribe = sessionClock.subscribe((event: SessionEvent) => {
      if (event.type === 'logout') onLogout();
      else {
        setDeadline(Date.now() + event.remainingMs);
        setHidden(false);
      }
    });
    // Opening a screen is activity: it renews the session and starts the clock from the service's answer.
    sessionClock.renew().catch(() => onLogout());
    getJson<SessionWarningContent>(`${Paths.sessionWarningContent}?cobrandHost=${encodeURIComponent(cobrand)}`)
      .then(async (answer) => setContent({ ...answer, ...(await parseLate(countdownOf(answer))) }))
      .catch((error: unknown) => reportFailure('session warning content', error));
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      unsubscribe();
      sessionClock.close();
      window.clearInterval(tick);
    };
  }, [cobrand]); // eslint-disable-line react-hooks/exhaustive-deps -- one clock per page

  const remaining = deadline === null ? null : (deadline - now) / 1000;
  const warning = deadline !== null && now >= warningAt(deadline);
  const renew = () => clock.current?.renew() ?? Promise.resolve();
  const logout = () => clock.current?.logout(cobrand);
  return { content, remaining, warning, hidden, hide: () => setHidden(true), renew, logout };
}

/** A modal `<dialog>` open while `open` holds: focus moves to `first` and comes back where it was when it closes. */
function useModal(open: boolean, first: RefObject<HTMLButtonElement | null>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
      moveFocus(first.current);
    } else if (!open && element.open) {
      element.close();
      (returnFocus.current as HTMLElement | null)?.focus?.();
    }
  }, [open, first]);
  return dialog;
}

export function SessionWarning() {
  const { t, cobrand, locale } = usePage();
  const continueButton = useRef<HTMLButtonElement>(null);
  const logoutButton = useRef<HTMLButtonElement>(null);
  const [announced, setAnnounced] = useState<number | null>(null);
  const loggingOut = useRef(false);
  const logout = () => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    session.logout();
  };
  const session = useSessionClock(cobrand.name, logout);
  const { content, remaining, warning } = session;
  const open = warning && !session.hidden && remaining !== null && remaining > 0;
  const dialog = useModal(open, continueButton);

  useEffect(() => {
    if (remaining !== null && remaining <= 0) logout();
    const whole = remaining === null ? null : Math.ceil(remaining);
    if (!warning || whole === null) setAnnounced(null);
    else if (announced === null || band(whole) !== band(announced)) setAnnounced(whole);
  }, [remaining, warning]); // eslint-disable-line react-hooks/exhaustive-deps

  // §4 and §9: Tab (9) and Shift+Tab stay between the two buttons; Esc (27) hides the dialog.
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    const next = document.activeElement === continueButton.current ? logoutButton.current : continueButton.current;
    next?.focus();
  }

  // The service's content wins; the page's own bundle covers a content call that failed (§8: only logged).
  const message = (seconds: number) =>
    content
      ? messageFormatter(locale)(content.generalSessionAboutToExpireMessage, [mmss(seconds)])
      : t('generalSessionAboutToExpireMessage', mmss(seconds));
  const title = content?.sessionExpireWarningBoxTitle ?? t('sessionExpireWarningBoxTitle');
  const continueLabel = content?.sessionExpireContinueButtonLabel ?? t('sessionExpireContinueButtonLabel');
  const renew = () => void session.renew().catch(() => logout());
  const banner = warning && session.hidden && remaining !== null && remaining > 0;
  return (
    <>
      {banner && (
        <SessionBanner title={title} message={message(remaining)} continueLabel={continueLabel} onContinue={renew} />
      )}
      <dialog
        ref={dialog}
        className="portal-session-warning"
        aria-labelledby="session-warning-title"
        aria-describedby="session-warning-message session-warning-help"
        onCancel={(event) => {
          event.preventDefault();
          session.hide();
        }}
        onKeyDown={onKeyDown}
      >
        <h2 id="session-warning-title" className="portal-session-warning__title">
          {title}
        </h2>
        <p id="session-warning-message" className="portal-session-warning__message">
          {message(remaining ?? 0)}
        </p>
        <p id="session-warning-help" className="portal-session-warning__help">
          {content?.generalSessionHelpExpireMessage ?? t('generalSessionHelpExpireMessage')}
        </p>
        <div className="portal-visually-hidden" aria-live="polite">
          {announced === null ? '' : message(announced)}
        </div>
        <div className="portal-session-warning__actions">
          <button ref={continueButton} type="button" className="portal-button portal-button--primary" onClick={renew}>
            {continueLabel}
          </button>
          <button ref={logoutButton} type="button" className="portal-button portal-button--secondary" onClick={logout}>
            {content?.sessionExpireLogoutButtonLabel ?? t('sessionExpireLogoutButtonLabel')}
          </button>
        </div>
      </dialog>
    </>
  );
}

/**
 * What stays of the warning after Esc: the time left and the way to stay signed in. Not a live region: its time
 * changes every second, and the dialog already announced it.
 */
function SessionBanner(props: { title: string; message: string; continueLabel: string; onContinue: () => void }) {
  return (
    <div className="portal-session-banner" role="group" aria-label={props.title}>
      <p className="portal-session-banner__message">{props.message}</p>
      <button type="button" className="portal-button portal-button--secondary" onClick={props.onContinue}>
        {props.continueLabel}
      </button>
    </div>
  );
}
