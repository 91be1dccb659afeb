/**
 * The 10,000 most common passwords (ARCHITECTURE §3), a data file read once; compared without case, since
 * "Password1234" is as guessable as "password1234".
 */
import { readFileSync } from 'node:fs';
import { COMMON_PASSWORDS_FILE } from '../paths.js';

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean));
  return common.has(password.toLowerCase());
}
