/**
 * The session-expiry warning of §2/§4: a real modal dialog (labelled, described, focus moved in and given back) that
 * appears when the session has 80 s left, counts down as mm:ss (heard as minutes and seconds in words), logs out at
 * zero and says why on the logout screen; Continue renews, Esc hides it, and Tab stays between its two buttons.
 * Hidden, it leaves a compact banner with the time left and Continue, so the user can still renew before being
 * logged out, and the last 30 and 10 seconds are announced. Tabs of one browser stay in step through the shared
 * session clock.
 */
import { Paths, messageFormatter, type MessageSource, type SessionWarningContent } from '@portal/contract';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { getJson, HttpError } from '../api/client';
import { usePage } from '../page/page-context';
import { reportFailure } from '../page/report';
import { SessionClock, mmss, warningAt, type SessionEvent } from '../session/session-clock';
import { spokenDuration } from '../session/spoken-duration';
import { LOGOUT_NOTICE_ITEM } from '../page/logout-notice';
import { SessionBanner, useLastCalls } from './SessionWarningBanner';
import { trapTab, useModal } from './SessionWarningModal';
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
    // Opening a screen is activity: it renews the session and starts the clock from the service's answer. Only an
    // answer that the session has ended logs out; one refused for load or an outage leaves the page as it is
    // (docs/decisions.md, "A refused renewal on opening a screen").
    sessionClock.renew().catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 401) return onLogout();
      reportFailure('session renewal', error);
    });
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

/** The seconds the dialog's polite region says: set as it opens, then once per band. */
function useBandAnnouncement(remaining: number | null, warning: boolean): number | null {
  const [announced, setAnnounced] = useState<number | null>(null);
  useEffect(() => {
    const whole = remaining === null ? null : Math.ceil(remaining);
    // Against the last announcement, which only this sets: the same value back changes nothing.
    setAnnounced((last) => {
      if (!warning || whole === null) return null;
      return last === null || band(whole) !== band(last) ? whole : last;
    });
  }, [remaining, warning]);
  return announced;
}

/** The dialog's texts: the service's content wins; the page's own bundle covers a failed call (§8: only logged). */
function useWarningTexts(content: WarningContent | null) {
  const { t, locale } = usePage();
  return {
    message: (seconds: number) =>
      content
        ? messageFormatter(locale)(content.generalSessionAboutToExpireMessage, [mmss(seconds)])
        : t('generalSessionAboutToExpireMessage', mmss(seconds)),
    // Heard in words, from the page's own bundle: written so that the words fit its grammar (a Russian "через" would
    // need the accusative the unit names do not take).
    spoken: (seconds: number) => t('session.endsIn.spoken', spokenDuration(seconds, locale)),
    title: content?.sessionExpireWarningBoxTitle ?? t('sessionExpireWarningBoxTitle'),
    continueLabel: content?.sessionExpireContinueButtonLabel ?? t('sessionExpireContinueButtonLabel'),
    logoutLabel: content?.sessionExpireLogoutButtonLabel ?? t('sessionExpireLogoutButtonLabel'),
    help: content?.generalSessionHelpExpireMessage ?? t('generalSessionHelpExpireMessage'),
  };
}

export function SessionWarning() {
  const { t, cobrand } = usePage();
  const continueButton = useRef<HTMLButtonElement>(null);
  const logoutButton = useRef<HTMLButtonElement>(null);
  const loggingOut = useRef(false);
  /** `idle`: the countdown ran out, which the logout screen then gives as the reason. */
  const logout = (idle = false) => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    if (idle) sessionStorage.setItem(LOGOUT_NOTICE_ITEM, t('logout.inactivity'));
    session.logout();
  };
  const session = useSessionClock(cobrand.name, () => logout());
  const { content, remaining, warning } = session;
  const open = warning && !session.hidden && remaining !== null && remaining > 0;
  const dialog = useModal(open, continueButton);

  // Only the countdown reaching nought logs out here; the logout made in this render does it.
  const countdownEnded = useEffectEvent(() => logout(true));
  useEffect(() => {
    if (remaining !== null && remaining <= 0) countdownEnded();
  }, [remaining]);
  const announced = useBandAnnouncement(remaining, warning);
  const onKeyDown = trapTab(continueButton, logoutButton);

  const { message, spoken, title, continueLabel, logoutLabel, help } = useWarningTexts(content);
  const renew = () => void session.renew().catch(() => logout());
  const banner = warning && session.hidden && remaining !== null && remaining > 0;
  useLastCalls(banner, remaining, spoken);
  return (
    <>
      {banner && (
        <SessionBanner
          title={title}
          message={message(remaining)}
          spoken={spoken(remaining)}
          continueLabel={continueLabel}
          onContinue={renew}
        />
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
        {/* Before the clock runs (and as the service renders it) there is no time to say: the same text both sides. */}
        <p id="session-warning-message" className="portal-session-warning__message">
          <span aria-hidden={remaining === null ? undefined : true}>{message(remaining ?? 0)}</span>
          {remaining !== null && <span className="portal-visually-hidden">{spoken(remaining)}</span>}
        </p>
        <p id="session-warning-help" className="portal-session-warning__help">
          {help}
        </p>
        <div className="portal-visually-hidden" aria-live="polite">
          {announced === null ? '' : spoken(announced)}
        </div>
        <div className="portal-session-warning__actions">
          <button ref={continueButton} type="button" className="portal-button portal-button--primary" onClick={renew}>
            {continueLabel}
          </button>
          <button
            ref={logoutButton}
            type="button"
            className="portal-button portal-button--secondary"
            onClick={() => logout()}
          >
            {logoutLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
