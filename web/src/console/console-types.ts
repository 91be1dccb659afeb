/** The admin API's answers as the console reads them (server/src/admin/schemas.ts has them whole). */
import type { ReactNode } from 'react';

export interface ConsoleUser {
  userId: string;
  email: string;
  name: string | null;
  cobrand: string;
  status: 'active' | 'locked' | 'inactive';
  loginType: 'password' | 'token';
  passwordState: 'current' | 'expired' | 'temporary';
  failedAttempts: number;
  lockedAt: string | null;
  lastSignInAt: string | null;
  deletedAt: string | null;
}

export interface SignInProblem {
  code: string;
  since: string | null;
  until: string | null;
  fix: 'unlock' | 'reactivate' | 'reset-password' | null;
  detail: Record<string, string | number>;
}

/** The changes the console makes to a user, each one admin API call. */
export type UserAction =
  'unlock' | 'deactivate' | 'reactivate' | 'expirePassword' | 'mailTemporaryPassword' | 'resetPin' | 'endSessions';

/** How the user signs in, as the admin API answers it. */
export interface SignInMethods {
  loginType: 'password' | 'token';
  token: { heldBy: 'portal' | 'server'; newPin: boolean | null } | null;
  passkeys: number;
  recoveryCodesLeft: number;
  singleSignOn: { subjects: string[] } | null;
}

/** A live session of the user, as the admin API lists them. */
export interface ConsoleSession {
  id: string;
  cobrand: string;
  createdAt: string;
  lastSeenAt: string;
}

/** A passkey of the user, as the admin API lists them. */
export interface ConsolePasskey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A change the operator is asked to confirm: what it is, what it does to whom, its call, and what it did. */
export interface Change {
  title: string;
  text: string;
  path: string;
  method: 'POST' | 'DELETE';
  done: string;
  /** The call's body, for a change that makes something (an operator, a key). */
  json?: unknown;
  /** A value the operator gives with the change (a new e-mail address), sent in the body under its name. */
  input?: { name: string; label: string; missing: string };
  /** What a refusal means for this change, where not what it means for a user's (409: the user changed meanwhile). */
  refused?: Partial<Record<404 | 409, string>>;
  /** What the call's answer shows once it is done (a new operator's password, a new key: shown this once). */
  reveal?: (answer: unknown) => ReactNode;
}

/** One of the user's last sign-in tries, as the admin API lists them. */
export interface SignInTry {
  at: string;
  success: boolean;
  method: 'password' | 'token' | 'sso' | 'passkey' | 'recoveryCode' | 'verificationCode' | null;
  reason: string | null;
  device: 'trusted' | 'unknown' | null;
  browser: string | null;
  os: string | null;
  address: string | null;
}

/** A browser the user trusts, as the admin API lists them. */
export interface TrustedDevice {
  id: string;
  browser: string | null;
  os: string | null;
  address: string | null;
  createdAt: string;
  lastUsedAt: string;
  locked: boolean;
}
