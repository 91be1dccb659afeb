/**
 * A change one operator asks for and a second must approve (four eyes, issue 49): a user's e-mail address, or the
 * removal of every factor they sign in with. Kept after it is decided, as the record of who asked and who decided.
 */
export type ApprovalKind = 'email.change' | 'factors.remove';

export interface ApprovalTable {
  id: string;
  kind: ApprovalKind;
  account_id: string;
  /** The user's cobrand, so an operator limited to cobrands sees only theirs. */
  cobrand: string;
  /** What the change is (JSON): the new e-mail address; nothing for a removal. */
  detail: string;
  /** Why, in the asking operator's words. */
  reason: string;
  /** The asking operator's name. */
  requested_by: string;
  requested_at: number;
  /** Undecided by then, it lapses. */
  expires_at: number;
  decided_by: string | null;
  decided_at: number | null;
  outcome: 'approved' | 'declined' | null;
}
