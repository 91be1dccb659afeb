/**
 * What the admin API asks of the portal's services: the same operations the command line runs (composed in
 * operator.ts from the capabilities' services), so both share one code path and one audit trail. Every operation is
 * given the caller's cobrands; a user outside them is answered as unknown (a Refusal of kind not-found).
 */
import type { Static } from 'typebox';
import type { Origin } from '../db/audit-log.js';
import type { ApprovalView, NewApprovalInput } from './approval-schemas.js';
import type { CreatedOperatorSchema, NewApiKeyInput, NewOperatorInput, OperatorSchema } from './access-schemas.js';
import type { ApiKeyListing, Scope } from './api-keys.js';
import type { OperatorScope } from '../refusal.js';
import type {
  AuditEventView,
  AuditQuery,
  CobrandSummary,
  NewUserInput,
  PasskeyView,
  QuestionInput,
  SessionView,
  SignInProblem,
  SignInMethods,
  SignInTry,
  SsoLinkView,
  TrustedDeviceView,
  UserChange,
  UserFilter,
  UserView,
} from './schemas.js';

/** What SCIM finds users by: exact values. */
export interface UserCriteria {
  userId?: string | undefined;
  email?: string | undefined;
  active?: boolean | undefined;
  cobrand?: string | undefined;
  externalId?: string | undefined;
  /** Deleted by provisioning or not; undefined: either. */
  deleted?: boolean | undefined;
}

/** A page of the users SCIM finds: after the user ID key `after` (the end of an earlier page), less the first `skip`. */
export interface UserSearch extends UserCriteria {
  after?: string | undefined;
  skip: number;
  limit: number;
}

export interface UserOperations {
  get(scope: OperatorScope, userId: string): Promise<UserView>;
  /** What stands between the user and their next sign-in, each with what clears it (sign-in-problems.ts). */
  signInProblems(scope: OperatorScope, userId: string): Promise<SignInProblem[]>;
  /** The user's last sign-in tries, newest first: when, how, refused why, from which browser and address. */
  signIns(scope: OperatorScope, userId: string): Promise<SignInTry[]>;
  /** How the user signs in: password or token (and where it is held), passkeys, recovery codes left, SSO links. */
  signInMethods(scope: OperatorScope, userId: string): Promise<SignInMethods>;
  list(scope: OperatorScope, filter: UserFilter): Promise<{ users: UserView[]; next: string | null }>;
  /** The page, and the user ID key it ends at (null when empty), where a next page would begin. */
  search(scope: OperatorScope, search: UserSearch): Promise<{ users: UserView[]; last: string | null }>;
  /** How many users the criteria select in all. */
  count(scope: OperatorScope, criteria: UserCriteria): Promise<number>;
  create(
    scope: OperatorScope,
    input: NewUserInput,
    origin: Origin,
  ): Promise<{ user: UserView; temporaryPassword: string | null }>;
  change(scope: OperatorScope, userId: string, change: UserChange, origin: Origin): Promise<UserView>;
  setQuestion(scope: OperatorScope, userId: string, given: QuestionInput, origin: Origin): Promise<UserView>;
  deactivate(scope: OperatorScope, userId: string, origin: Origin): Promise<{ user: UserView; sessionsEnded: number }>;
  /** Provisioning's delete: deactivated, and marked deleted (unknown to SCIM) until an operator reactivates them. */
  delete(scope: OperatorScope, userId: string, origin: Origin): Promise<void>;
  /** Makes an inactive user active again; any other is answered as they are. */
  reactivate(scope: OperatorScope, userId: string, origin: Origin): Promise<UserView>;
  unlock(scope: OperatorScope, userId: string, origin: Origin): Promise<UserView>;
  expirePassword(scope: OperatorScope, userId: string, origin: Origin): Promise<UserView>;
  /**
   * Mails the user a temporary password to the address they have (the forgotten-password page's mail): one sign-in
   * until it expires, their own password still good. Answers when it expires.
   */
  mailTemporaryPassword(
    scope: OperatorScope,
    userId: string,
    origin: Origin,
  ): Promise<{ userId: string; expiresAt: string }>;
  /** A new temporary password in place of the user's, answered this once. */
  resetPassword(
    scope: OperatorScope,
    userId: string,
    origin: Origin,
  ): Promise<{ user: UserView; temporaryPassword: string }>;
}

export interface TokenOperations {
  assign(scope: OperatorScope, userId: string, origin: Origin): Promise<string>;
  atServer(scope: OperatorScope, userId: string, origin: Origin): Promise<void>;
  resetPin(scope: OperatorScope, userId: string, origin: Origin): Promise<void>;
  unassign(scope: OperatorScope, userId: string, origin: Origin): Promise<void>;
}

export interface SsoOperations {
  links(scope: OperatorScope, userId: string): Promise<SsoLinkView[]>;
  /** Links the subject at the identity provider of the user's own cobrand. */
  link(scope: OperatorScope, userId: string, subject: string, origin: Origin): Promise<void>;
}

export interface SessionOperations {
  list(scope: OperatorScope, userId: string): Promise<SessionView[]>;
  endAll(scope: OperatorScope, userId: string, origin: Origin): Promise<number>;
  endOne(scope: OperatorScope, userId: string, sessionId: string, origin: Origin): Promise<void>;
}

export interface PasskeyOperations {
  list(scope: OperatorScope, userId: string): Promise<PasskeyView[]>;
  /** Removes one passkey of the user, audited and mailed to them as their own removal is. */
  remove(scope: OperatorScope, userId: string, passkeyId: string, origin: Origin): Promise<void>;
}

export interface DeviceOperations {
  /** The browsers the user trusts, the last used first, as their security page lists them. */
  list(scope: OperatorScope, userId: string): Promise<TrustedDeviceView[]>;
  /** Forgets one: its next sign-in is one from a new browser; audited as the user's own forgetting is. */
  forget(scope: OperatorScope, userId: string, deviceId: string, origin: Origin): Promise<void>;
}

export interface AuditOperations {
  page(scope: OperatorScope, query: AuditQuery): Promise<{ events: AuditEventView[]; next: string | null }>;
  /** Every event the query selects, oldest first, read a page at a time. */
  stream(scope: OperatorScope, query: AuditQuery): Promise<AsyncIterable<AuditEventView>>;
}

export interface CobrandOperations {
  list(scope: OperatorScope): Promise<CobrandSummary[]>;
  get(scope: OperatorScope, name: string): Promise<object>;
  /** Reads the deployment's catalogue folder as an import would, and loads nothing: its cobrands and problems. */
  checkCatalogue(): Promise<{ cobrands: string[]; problems: string[] }>;
  /** Validates and loads the deployment's catalogue folder, or nothing; answers the names imported. */
  importCatalogue(origin: Origin): Promise<string[]>;
}

/** Who gives access: no operator or key is given a scope or a cobrand its giver has not. */
export interface Grantor {
  scopes: ReadonlySet<Scope>;
  cobrands: readonly string[] | null;
}

/** The console's operators and the API keys, as the `access` scope manages them. */
export interface AccessOperations {
  operators(caller: Grantor): Promise<Static<typeof OperatorSchema>[]>;
  /** Adds an operator with a generated password; answers it and the authenticator's URI, this once. */
  addOperator(caller: Grantor, given: NewOperatorInput, origin: Origin): Promise<Static<typeof CreatedOperatorSchema>>;
  removeOperator(caller: Grantor, name: string, origin: Origin): Promise<void>;
  unlockOperator(caller: Grantor, name: string, origin: Origin): Promise<void>;
  keys(caller: Grantor): Promise<ApiKeyListing[]>;
  /** Makes a key; answers it, this once. */
  createKey(caller: Grantor, given: NewApiKeyInput, origin: Origin): Promise<{ name: string; key: string }>;
  revokeKey(caller: Grantor, name: string, origin: Origin): Promise<void>;
}

/**
 * Four eyes: a user's e-mail address changed, or every factor removed, only when a second operator approves what a
 * first asked (the caller must be an operator: `origin.actor` is `operator:<name>`).
 */
export interface ApprovalOperations {
  request(scope: OperatorScope, userId: string, given: NewApprovalInput, origin: Origin): Promise<ApprovalView>;
  /** What waits for a decision within the scope's cobrands (of one user if given), the oldest first. */
  waiting(scope: OperatorScope, userId?: string): Promise<ApprovalView[]>;
  /** Approves and makes the change, in the approver's name; the asker may not. */
  approve(scope: OperatorScope, id: string, origin: Origin): Promise<ApprovalView>;
  /** Declines (or, by the asker, withdraws): nothing changes. */
  decline(scope: OperatorScope, id: string, origin: Origin): Promise<ApprovalView>;
}

export interface AdminOperations {
  approvals: ApprovalOperations;
  access: AccessOperations;
  users: UserOperations;
  tokens: TokenOperations;
  sso: SsoOperations;
  sessions: SessionOperations;
  passkeys: PasskeyOperations;
  devices: DeviceOperations;
  audit: AuditOperations;
  cobrands: CobrandOperations;
}
