/**
 * The 10,000 most common passwords (ARCHITECTURE §3), from the ranked list zxcvbn-ts ships; compared without case,
 * since "Password1234" is as guessable as "password1234".
 */
import { dictionary } from '@zxcvbn-ts/language-common';

const MOST_COMMON = 10_000;
let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).slice(0, MOST_COMMON).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
