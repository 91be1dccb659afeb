/**
 * Passwords known from breaches (NIST SP 800-63B-4, ASVS 6.2.12; issue 35), checked when a password is set and at each
 * sign-in. Always against the list shipped with the portal: the 49,233 passwords that zxcvbn-ts ships (MIT), those
 * seen more than ten times in Xato's ten million passwords from breaches, compared without case as the common list
 * is. A bank that allows it adds the k-anonymity range protocol of Pwned Passwords against an address it configures:
 * only the first five hex digits of the password's SHA-1 leave the portal, and the answer is padded (Add-Padding).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Type } from 'typebox';

/** `breached`: found; `clear`: not found; `unknown`: the range service did not answer (the list said clear). */
export type BreachVerdict = 'breached' | 'clear' | 'unknown';

export type BreachedPasswordSettings = { mode: 'offline' } | { mode: 'range'; url: string; timeoutMs: number };

export interface BreachedPasswords {
  check(password: string): Promise<BreachVerdict>;
}

/** The environment variables of the check, as config.ts's schema declares each (docs/operations.md). */
export const BREACHED_PASSWORDS_ENVIRONMENT = {
  BREACHED_PASSWORDS: Type.Union([Type.Literal('offline'), Type.Literal('range')], {
    default: 'offline',
    problem: 'must be offline (the list shipped with the portal) or range (that list and the range service too)',
  }),
  BREACHED_PASSWORDS_RANGE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s]+$',
      problem: 'must be the address of a Pwned Passwords range service, such as https://api.pwnedpasswords.com',
    }),
  ),
  BREACHED_PASSWORDS_TIMEOUT_MS: Type.Integer({
    default: 2000,
    minimum: 100,
    maximum: 30_000,
    problem: 'must be a whole number from 100 to 30000',
  }),
};

/** BREACHED_PASSWORDS and its range service's address and timeout, as config.ts read them: the range needs its URL. */
export function breachedPasswordSettings(
  e: {
    BREACHED_PASSWORDS: 'offline' | 'range';
    BREACHED_PASSWORDS_RANGE_URL?: string;
    BREACHED_PASSWORDS_TIMEOUT_MS: number;
  },
  problems: string[],
): BreachedPasswordSettings {
  if (e.BREACHED_PASSWORDS === 'offline') return { mode: 'offline' };
  const url = e.BREACHED_PASSWORDS_RANGE_URL;
  if (!url) problems.push('BREACHED_PASSWORDS_RANGE_URL must name the range service when BREACHED_PASSWORDS=range');
  return { mode: 'range', url: url ?? '', timeoutMs: e.BREACHED_PASSWORDS_TIMEOUT_MS };
}

let shipped: Set<string> | null = null;

/** The shipped list, read once a process (about 60 ms and 2.5 MB of heap: docs/decisions.md). */
export function shippedBreachList(): Set<string> {
  const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
  shipped ??= new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  return shipped;
}

export function breachedPasswords(
  settings: BreachedPasswordSettings,
  log: (message: string) => void,
): BreachedPasswords {
  const list = shippedBreachList();
  const range = settings.mode === 'range' ? rangeLookup(settings, log) : null;
  return {
    async check(password) {
      if (list.has(password.normalize('NFC').toLowerCase())) return 'breached';
      return range ? range(password) : 'clear';
    },
  };
}

/** The range protocol: GET <url>/range/<5 hex>, lines of `<35 hex>:<count>`; padding lines count 0. */
function rangeLookup(settings: { url: string; timeoutMs: number }, log: (message: string) => void) {
  const base = settings.url.replace(/\/+$/, '');
  // The address may carry credentials or a key in its path: the log names only its origin.
  const where = new URL(settings.url).origin;
  return async (password: string): Promise<BreachVerdict> => {
    const sha1 = createHash('sha1').update(password.normalize('NFC')).digest('hex').toUpperCase();
    const [prefix, suffix] = [sha1.slice(0, 5), sha1.slice(5)];
    try {
      const response = await fetch(`${base}/range/${prefix}`, {
        headers: { 'Add-Padding': 'true' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
      return found(await response.text(), suffix) ? 'breached' : 'clear';
    } catch (error) {
      const why = (error as Error).name === 'TimeoutError' ? `no answer in ${settings.timeoutMs} ms` : reason(error);
      log(
        `breached-password range service at ${where} unavailable (${why}): this password was checked against the shipped list only`,
      );
      return 'unknown';
    }
  };
}

const reason = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  return cause ?? (error as Error).message;
};

function found(body: string, suffix: string): boolean {
  for (const line of body.split('\n')) {
    const [candidate, count] = line.trim().split(':');
    if (candidate?.toUpperCase() === suffix && Number(count) > 0) return true;
  }
  return false;
}
