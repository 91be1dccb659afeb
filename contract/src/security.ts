/**
 * The security page's data (issue 34): the user's own sessions and recent sign-in tries. Further sections (passkeys,
 * trusted devices, recovery codes) add their own fields and calls beside these.
 */

/** A device as its user agent names it; null where the agent said nothing that could be read. */
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
export type SignInMethodName = 'password' | 'token' | 'sso' | 'passkey' | 'recoveryCode';

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
export type SecurityOverview = SessionList & SignInList;

/** The answer of a call that ended sessions. */
export interface SessionsEnded {
  ended: number;
}

/** The form fields of the security page posted without its script: end one session, or all the others. */
export const SECURITY_FORM = { end: 'end', endOthers: 'endOthers' } as const;
/** The page's address parameter after a form post without the script: how many sessions it ended. */
export const ENDED_PARAM = 'ended';
