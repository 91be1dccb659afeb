/**
 * The recovery-code calls (docs/api.md): a sign-in with one in place of the tokencode, and the signed-in user's own
 * codes (how many are left; a new set, shown once).
 */
import { MAX_PASSWORD_LENGTH, MAX_USER_ID_LENGTH } from './constants.js';

const BASE = '/sdportal/rest/recovery-codes';

export const RecoveryCodePaths = {
  /** POST: user ID, PIN and a recovery code; answers, as text, where to go next (as send-login does). */
  signIn: `${BASE}/sign-in`,
  /** GET: whether the user may keep codes and how many are left; POST: a new set (the old ones void), shown once. */
  codes: BASE,
} as const;

/** The screen where a token user signs in with a recovery code in place of the tokencode. */
export const RECOVERY_CODE_SCREEN = 'recovery-code-component';
/** How many codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;
/** A code as shown: two groups of five characters of Crockford's base32 (50 random bits). */
export const RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;
/** The longest a typed code may be (spaces and hyphens allowed): longer is refused before anything is counted. */
export const RECOVERY_CODE_MAX = 32;

type RecoveryField = 'userId' | 'pin' | 'code';

/** The recovery-code form's checks, made before anything is sent: each field given, and not over-long. */
export function validateRecoveryCodeSignIn(
  values: Record<RecoveryField, string>,
): Partial<Record<RecoveryField, 'required' | 'tooLong'>> {
  const limits: Record<RecoveryField, number> = {
    userId: MAX_USER_ID_LENGTH,
    pin: MAX_PASSWORD_LENGTH,
    code: RECOVERY_CODE_MAX,
  };
  const errors: Partial<Record<RecoveryField, 'required' | 'tooLong'>> = {};
  for (const field of Object.keys(limits) as RecoveryField[]) {
    const value = values[field].trim();
    if (!value) errors[field] = 'required';
    else if (value.length > limits[field]) errors[field] = 'tooLong';
  }
  return errors;
}
