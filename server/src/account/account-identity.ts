/**
 * How a user ID is read wherever one comes in (a sign-in, a recovery, an operator's command, a provisioning call): the
 * one fold, the user's directory identity (§7 ldapId), and the skeleton that tells IDs that look alike (UTS #39).
 * docs/decisions.md, "User IDs: one form, and no look-alikes", says why each step is there.
 */
import { createHmac } from 'node:crypto';
import unhomoglyph from 'unhomoglyph';

/** Characters no one sees (zero-width space, word joiner, soft hyphen, variation selectors …): Unicode's own list. */
export const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** A user ID as typed, in its one form: NFKC (full-width and other compatibility forms read as plain), no invisibles. */
export const normalisedUserId = (typed: string): string => typed.normalize('NFKC').replace(INVISIBLE, '').trim();

/** The key an account is found by: the normalised user ID in lower case, so user IDs are unique regardless of case. */
export const userIdKey = (typed: string): string => normalisedUserId(typed).toLowerCase();

/**
 * The keys a typed user ID may name an account by: its key, and the ID folded as it was before user IDs were
 * normalised (only case), which an account made then with an invisible or compatibility character still holds.
 * The second comes first when both name an account. For an ID in its one form both are the same.
 */
export const lookupKeys = (typed: string): { key: string; asTyped: string } => ({
  key: userIdKey(typed),
  asTyped: typed.trim().toLowerCase(),
});

/** UTS #39's skeleton: NFD, each character replaced by its prototype (Unicode's confusables.txt), NFD again. */
const skeleton = (text: string): string => unhomoglyph(text.normalize('NFD')).normalize('NFD');

/**
 * What a user ID looks like, for telling IDs apart: two IDs with one skeleton are confusable. Sign-in ignores case, so
 * the skeleton is taken again in lower case: `paypaI` (a capital I) reads as `paypal`, and `DEMoPASS` (a Cyrillic о)
 * as `demopass`. Never shown to anyone: `m` becomes `rn`.
 */
export const userIdSkeleton = (userId: string): string => skeleton(skeleton(normalisedUserId(userId)).toLowerCase());

export const ldapIdFor = (key: Buffer, userId: string): string =>
  `u${createHmac('sha256', key).update(userIdKey(userId)).digest('hex').slice(0, 31)}`;
