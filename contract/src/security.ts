/**
 * The security page's data (issue 34): the user's own sessions and recent sign-in tries. Further sections (passkeys,
 * trusted devices, recovery codes) add their own fields and calls beside these.
 */

/**
 * A device as its user agent names it, in bowser's names (the security page adds the browser's major version); null
 * where the agent said nothing that could be read. `deviceName` words it in a language.
 */
export interface DeviceView {
  browser: string | null;
  os: string | null;
}

/** One of the user's live sessions. `id` names it for the end call; it says nothing of the session's cookie. */
export interface SessionListItem {
  id: string;
  /** The session this page was asked with. */
  current: boolean;
  device: DeviceView;
  address: string | null;
  /** Milliseconds since the epoch. */
  startedAt: number;
  lastActiveAt: number;
}

/** How a sign-in try was made, as the page names it; null where the audit did not say. */
export type SignInMethodName = 'password' | 'token' | 'sso' | 'passkey' | 'recoveryCode' | 'verificationCode';

export interface SignInListItem {
  at: number;
  success: boolean;
  method: SignInMethodName | null;
  device: DeviceView;
  address: string | null;
}

export interface SessionList {
  sessions: SessionListItem[];
}
export interface SignInList {
  signIns: SignInListItem[];
}
/** What the service writes into the security page it renders, so the page shows without its script. */
export type SecurityOverview = SessionList &
  SignInList & {
    /** Whether the user may change a portal password here: not where the bank's identity provider signs them in. */
    passwordChange: boolean;
  };

/** The answer of a call that ended sessions. */
export interface SessionsEnded {
  ended: number;
}

/**
 * The form fields of the security page posted without its script: end one session, or all the others. Ending all the
 * others asks first (WCAG 3.3.4): `endOthers` alone only opens the question, and `confirm` naming the action (the
 * question's "Yes" button) does it.
 */
export const SECURITY_FORM = { end: 'end', endOthers: 'endOthers', confirm: 'confirm' } as const;
/** The page's address parameter after a form post without the script: how many sessions it ended. */
export const ENDED_PARAM = 'ended';
/** The page's address parameter that opens the question of an action asked without the script: its form field. */
export const SECURITY_CONFIRM_PARAM = 'confirm';
/** The id of the question of ending all other sessions, which the address of the page that asks it points to. */
export const END_OTHERS_QUESTION_ID = 'security-end-others-question';

/**
 * A change to how the account signs in (a passkey added or removed, new recovery codes, a trusted device forgotten, a
 * PIN set) needs a sign-in made within this long (OWASP ASVS 5.0 7.5.1); an older session, however it was kept alive,
 * is answered `sign.in.again` and changes nothing.
 */
export const FRESH_SIGN_IN_MS = 5 * 60_000;

/** The security page's sections a user sent to sign in again comes back to, each by its heading's id. */
export const SIGN_IN_RETURN_SECTIONS = ['passkeys', 'devices', 'recovery-codes'] as const;
export type SignInReturnSection = (typeof SIGN_IN_RETURN_SECTIONS)[number];
/**
 * The cookie the security page sets as it sends the user to sign in again: the section to come back to. The next full
 * sign-in in the browser, by any method, goes to that section of the security page instead of its usual way on.
 */
export const SIGN_IN_RETURN_COOKIE = 'sign-in-return';
/** How long the way back is kept: time enough to sign in, not so long that a later sign-in is led astray. */
export const SIGN_IN_RETURN_SECONDS = 10 * 60;
/** The id of a section's heading on the security page, where a user who signed in again comes back to. */
export const securitySectionId = (section: SignInReturnSection): string => `security-${section}`;
