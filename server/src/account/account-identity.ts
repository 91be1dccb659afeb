/**
 * A user's directory identity (§7 ldapId). It is an HMAC of the folded user ID, so the login-info lookup can answer
 * an unknown user ID with an identity of exactly the same shape, stable across calls, that matches no account.
 */
import { createHmac } from 'node:crypto';

export const userIdKey = (userId: string): string => userId.trim().toLowerCase();

export const ldapIdFor = (key: Buffer, userId: string): string =>
  `u${createHmac('sha256', key).update(userIdKey(userId)).digest('hex').slice(0, 31)}`;
