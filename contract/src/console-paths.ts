/**
 * The help-desk console, on the admin listener (ADMIN_PORT), never the public one (docs/decisions.md, "Help-desk
 * operators"). Its own entry (@portal/contract/console): no portal page carries it. Its calls answer the spec's error
 * shape; a change echoes the `console-token` cookie in X-XSRF-TOKEN.
 */
export const CONSOLE_BASE = '/console/';
const API = '/console/api';

export const ConsolePaths = {
  /**
   * POST `{ name, password, code }` or `{ name, password, passkey }`: signs an operator in (200 and the operator);
   * DELETE: signs out (204).
   */
  session: `${API}/session`,
  /**
   * GET: `{ offered, passkeys }`: whether operators may sign in through the bank's staff identity provider
   * (STAFF_IDP_FILE), and with a passkey instead of the code (ADMIN_ORIGIN names a host).
   */
  signOn: `${API}/sign-on`,
  /** POST: a passkey sign-in's options (discoverable passkeys), bound to this browser's anti-forgery token. */
  passkeySignIn: `${API}/session/passkey-options`,
  /** GET: the signed-in operator's passkeys; POST `{ response }`: adds one (a sign-in within the last 5 minutes). */
  passkeys: `${API}/passkeys`,
  /** POST: a new passkey's options, for the signed-in operator (a sign-in within the last 5 minutes). */
  passkeyOptions: `${API}/passkeys/options`,
  /** GET: to the staff identity provider (303), to sign in there. */
  signOnStart: `${API}/sign-on/start`,
  /**
   * GET: the provider's answer (the address registered with it, after ADMIN_ORIGIN): to the console (303), signed in,
   * or with `?signOn=refused`.
   */
  signOnReturn: `${API}/sign-on/return`,
  /** GET: the signed-in operator (401 without a live session). */
  me: `${API}/me`,
  /** GET `?locale=`: the console's texts in the operator's language (the locale, else the browser's languages). */
  texts: `${API}/texts`,
  /**
   * The admin API (/admin/v1's calls) for the signed-in operator, instead of a key: the operator's role gives its
   * scopes and their cobrands its reach; a change carries the console's token and the reason the operator typed.
   */
  adminApi: `${API}/admin/v1`,
} as const;

/** DELETE: removes one of the signed-in operator's passkeys (a sign-in within the last 5 minutes). */
export const consolePasskeyPath = (id: string): string => `${ConsolePaths.passkeys}/${encodeURIComponent(id)}`;

/** One of the signed-in operator's passkeys (times in epoch milliseconds). */
export interface ConsolePasskey {
  id: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/**
 * Why a change is made, in the operator's words: recorded with the change's audit events and sent to the SIEM with
 * them. A console change must carry it; an admin API client may.
 */
export const AUDIT_REASON_HEADER = 'x-audit-reason';
/** The reason is kept to this many characters. */
export const AUDIT_REASON_MAX = 500;

export type OperatorRole = 'helpdesk' | 'admin' | 'auditor';

/**
 * What an admin API key (or an operator's role) may do: read or change users (with their tokens, links and sessions),
 * read the trail, the cobrands, SCIM, and `access`: the console's operators and the API keys, none given more than its
 * giver has. The console offers them when an administrator makes a key.
 */
export const ADMIN_SCOPES = [
  'users:read',
  'users:write',
  'audit:read',
  'cobrands:read',
  'cobrands:write',
  'scim',
  'access',
] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];

/** Who is signed in to the console, and what they may see. */
export interface ConsoleOperator {
  name: string;
  role: OperatorRole;
  /** The cobrands whose users the operator sees; null: every cobrand. */
  cobrands: string[] | null;
}

/** The console's address after a sign-on at the staff identity provider that did not sign the operator in. */
export const SIGN_ON_REFUSED = 'signOn=refused';

/** The digits of an authenticator app's code (typed with or without the space some apps show in the middle). */
export const CONSOLE_CODE_LENGTH = 6;
/** A console session ends after this long without a call (issue 49). */
export const CONSOLE_IDLE_SECONDS = 15 * 60;
