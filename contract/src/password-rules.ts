/**
 * The password rules of §5/§9 that both sides can check: 12 to 20 characters (never truncated), at least one letter
 * and one number or special character, no more than two consecutive repeating characters, not the user ID. The
 * service adds what only it can know: the last four passwords and the 10,000 most common passwords.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 20;
export const PASSWORD_HISTORY = 4;

/** The four rule lines of the change-password screen, in order. */
export const PASSWORD_RULES = ['length', 'composition', 'repeats', 'notUserId'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Rules count code points of the NFC form, the form the service hashes (checklist 14). */
export function passwordRuleResults(typed: string, userId: string): Record<PasswordRule, boolean> {
  const password = typed.normalize('NFC');
  const length = [...password].length;
  return {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    composition: /\p{L}/u.test(password) && /[^\p{L}]/u.test(password),
    repeats: !/(.)\1\1/su.test(password),
    notUserId: password.length > 0 && password.trim().toLowerCase() !== userId.trim().toLowerCase(),
  };
}

/** The rules a password breaks, empty when it passes every rule the browser can check. */
export const brokenPasswordRules = (password: string, userId: string): PasswordRule[] =>
  Object.entries(passwordRuleResults(password, userId))
    .filter(([, ok]) => !ok)
    .map(([rule]) => rule as PasswordRule);
