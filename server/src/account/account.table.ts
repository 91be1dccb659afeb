export type AccountStatus = 'active' | 'locked' | 'inactive';
export type LoginType = 'password' | 'token';
/** `expired` and `temporary` passwords sign in only to the change-password screen. */
export type PasswordState = 'current' | 'expired' | 'temporary';

/** The last passwords of an account, newest first, for the "not any of the four previous" rule. */
export interface PasswordHistoryTable {
  id: string;
  account_id: string;
  password_hash: string;
  created_at: number;
}

/** A temporary password sent by e-mail and not used yet; the account's own password keeps working meanwhile. */
export interface TemporaryPasswordTable {
  account_id: string;
  password_hash: string;
  created_at: number;
  expires_at: number;
}

export interface AccountTable {
  id: string;
  user_id: string;
  /** The user ID folded (`userIdKey`): user IDs are unique regardless of case. */
  user_id_key: string;
  /**
   * What the user ID looks like (`userIdSkeleton`, UTS #39): unique, so no new ID can be mistaken for another. Null
   * until the start-up fills it, and for an account made before skeletons that looks like an older one (it keeps
   * working; docs/decisions.md, "User IDs: one form, and no look-alikes").
   */
  user_id_skeleton: string | null;
  /** The directory identity the sign-in sequence passes around (§7 ldapId), derived from the user ID key. */
  ldap_id: string;
  email: string;
  /** The name a mail greets the user by; null when the bank gave none. */
  display_name: string | null;
  /** The name folded for the help desk's search (`nameKeyOf`; '' for none); null until the start-up fills it. */
  name_key: string | null;
  cobrand: string;
  status: AccountStatus;
  login_type: LoginType;
  password_hash: string;
  password_state: PasswordState;
  password_changed_at: number;
  failed_attempts: number;
  locked_at: number | null;
  security_question: string | null;
  /** Null until the first successful sign-in: password recovery is not for a first login (§1). */
  last_signin_at: number | null;
  /** When a temporary password stops working; null for other passwords. */
  password_expires_at: number | null;
  security_answer_hash: string | null;
  /** When the last mail telling of a lock for unknown devices went (at most one an hour). */
  lock_mailed_at: number | null;
  /** The provisioning client's own ID of the user (SCIM `externalId`); null when none was given. */
  external_id: string | null;
  /** When provisioning deleted the user (SCIM DELETE): inactive, and unknown to SCIM from then on. */
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * How many users a cobrand has, active (any status but inactive) or not, deleted by provisioning or not: kept by the
 * database's triggers on every change of an account (migration 2026_11_30_1000), read for SCIM's totalResults.
 */
export interface AccountCountTable {
  cobrand: string;
  active: number;
  deleted: number;
  n: number;
}
