// My sessions: where the user is signed in, this one marked; end one, or all the others (OWASP ASVS 5.0 7.5.2), which
// asks first. Without the script the buttons post the form to the page's address, which ends and comes back (post,
// redirect, get); "End all other sessions" comes back with the question open, whose "Yes" posts again.
import { PORTAL_FORM_ID, Paths, routePath, type SessionList, type SessionListItem } from '@portal/contract';
import { END_OTHERS_QUESTION_ID, SECURITY_CONFIRM_PARAM, SECURITY_FORM } from '@portal/contract/security';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { HttpError, call, getJson } from '../../api/client';
import { announce } from '../../components/announce';
import { usePage } from '../../page/page-context';
import { ConfirmStep, useConfirmStep, type ConfirmStepState } from './confirm-step';
import { endedText, useDescribe } from './describe';

/** "End all other sessions", where Cancel without the script comes back to. */
const END_OTHERS_ID = 'security-end-others';

export function SessionsSection() {
  const { t, cobrand, query, security } = usePage();
  const [sessions, setSessions] = useState<SessionListItem[] | null>(security?.sessions ?? null);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const toSignIn = `${routePath('login-signin-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}`;
  // The page the service answered a post of the button with, the question open (page-routes.ts).
  const endingOthers = useConfirmStep(query.get(SECURITY_CONFIRM_PARAM) === SECURITY_FORM.endOthers);

  const reload = async () => setSessions((await getJson<SessionList>(Paths.securitySessions)).sessions);
  /** A call failed: signed out, to sign in again; anything else, said on the page (the list stays as it was). */
  const failure = (error: unknown) => {
    if (error instanceof HttpError && error.status === 401) return location.assign(toSignIn);
    setFailed(true);
    announce(t('security.error'));
  };

  // A page served without its data (by another back end) loads the list.
  useEffect(() => {
    if (!security) reload().catch(failure);
    // The question, once open, is the page's own: a reload of the address does not ask it again.
    if (query.has(SECURITY_CONFIRM_PARAM)) {
      const url = new URL(location.href);
      url.searchParams.delete(SECURITY_CONFIRM_PARAM);
      history.replaceState(history.state, '', url);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);

  const end = async (path: string, json: object) => {
    setFailed(false);
    try {
      const { ended } = (await (await call(path, { method: 'POST', json })).json()) as { ended: number };
      await reload();
      announce(endedText(t, ended));
      // The button pressed is gone with its session: focus goes back to the list's heading.
      heading.current?.focus();
    } catch (error) {
      // Already ended (or never one of the user's): the list is read again, and says so.
      if (error instanceof HttpError && error.status === 404) {
        await reload().catch(failure);
        return announce(endedText(t, 0));
      }
      failure(error);
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <section className="portal-security__section" aria-labelledby="security-sessions">
      <h2 className="portal-security__heading" id="security-sessions" ref={heading} tabIndex={-1}>
        {t('security.sessions.heading')}
      </h2>
      {failed && <p className="portal-security__error">{t('security.error')}</p>}
      {/* Without an action it posts to this page's own address, which the service answers. */}
      <form id={PORTAL_FORM_ID} method="post" className="portal-security__form">
        <ul className="portal-security__list">
          {(sessions ?? []).map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              onEnd={(event) => {
                event.preventDefault();
                void end(Paths.securitySessionEnd, { id: session.id });
              }}
            />
          ))}
        </ul>
        {sessions && others.length === 0 && <p className="portal-hint">{t('security.sessions.none')}</p>}
        {others.length > 0 && <EndOthers step={endingOthers} onYes={() => end(Paths.securitySessionsEndOthers, {})} />}
      </form>
    </section>
  );
}

/** "End all other sessions", or in its place the question whether to; without the script each posts the form. */
function EndOthers({ step, onYes }: { step: ConfirmStepState; onYes: () => Promise<void> }) {
  const { t, cobrand } = usePage();
  return step.open ? (
    <ConfirmStep
      step={step}
      id={END_OTHERS_QUESTION_ID}
      question={t('security.sessions.endOthersQuestion')}
      yes={t('security.sessions.endOthersYes')}
      onYes={onYes}
      noScript={{
        field: { name: SECURITY_FORM.confirm, value: SECURITY_FORM.endOthers },
        cancelHref: `${routePath('security-component')}?cobrandHost=${encodeURIComponent(cobrand.name)}#${END_OTHERS_ID}`,
      }}
    />
  ) : (
    <button
      ref={step.opener}
      id={END_OTHERS_ID}
      type="submit"
      name={SECURITY_FORM.endOthers}
      value="1"
      className="portal-button portal-button--primary"
      onClick={(event) => {
        event.preventDefault();
        step.ask();
      }}
    >
      {t('security.sessions.endOthers')}
    </button>
  );
}

/** One session: its device (this one marked), address and times, and for another session the button that ends it. */
function SessionItem({
  session,
  onEnd,
}: {
  session: SessionListItem;
  onEnd: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const { t } = usePage();
  const describe = useDescribe();
  return (
    <li className="portal-security__item">
      <p className="portal-security__title">
        {describe.device(session.device)}
        {session.current && <strong className="portal-security__badge"> {t('security.sessions.current')}</strong>}
      </p>
      <dl className="portal-security__facts">
        <dt>{t('security.address')}</dt>
        <dd>{describe.address(session.address)}</dd>
        <dt>{t('security.sessions.started')}</dt>
        <dd>{describe.time(session.startedAt)}</dd>
        <dt>{t('security.sessions.lastActive')}</dt>
        <dd>{describe.time(session.lastActiveAt)}</dd>
      </dl>
      {!session.current && (
        <button
          type="submit"
          name={SECURITY_FORM.end}
          value={session.id}
          className="portal-button portal-button--secondary"
          aria-label={t('security.sessions.endNamed', describe.device(session.device))}
          onClick={onEnd}
        >
          {t('security.sessions.end')}
        </button>
      )}
    </li>
  );
}
