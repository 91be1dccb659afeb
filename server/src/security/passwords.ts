/**
 * argon2id hashing of passwords and security answers (OWASP's first setting). Unknown or unusable accounts are
 * verified against a dummy hash so that every sign-in costs the same work. Every call, the dummy verify included,
 * runs in the hash queue (hash-queue.ts), so the dummy also waits and is refused exactly as a real one.
 */
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { queuedHash } from './hash-admission.js';

// algorithm 2 is Argon2id (the library's const enum cannot be imported under verbatimModuleSyntax).
/** Today's argon2id parameters: what imported hashes are measured against (account/import-ceilings.ts). */
export const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** How every hash made with today's parameters starts. */
export const PARAMS_TAG = `$argon2id$v=19$m=${PARAMS.memoryCost},t=${PARAMS.timeCost},p=${PARAMS.parallelism}$`;

let dummyHash: Promise<string> | null = null;

/**
 * How much argon2 work this process has done: the proof, in tests, that every refused sign-in does the same work
 * whatever the account's state (security checklist 2).
 */
const work = { verifies: 0, hashes: 0 };
export const argon2Work = (): Readonly<typeof work> => ({ ...work });

/**
 * One Unicode form at set and at verify (NFC, as NIST 800-63B rev 4 asks): "é" typed as one code point on one keyboard
 * and as "e" + accent on another is the same password.
 */
const normal = (secret: string): string => secret.normalize('NFC');

export function hashSecret(secret: string): Promise<string> {
  return queuedHash(() => {
    work.hashes += 1;
    return hash(normal(secret), PARAMS);
  });
}

/** False for a wrong secret and for a malformed stored hash; never throws for either. */
export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    // Counted when it starts, not when asked for: a verify the queue never ran was not work done.
    return await queuedHash(() => {
      work.verifies += 1;
      return verify(storedHash, normal(secret));
    });
  } catch {
    return false;
  }
}

/** The same work as a real verify, for accounts that do not exist or cannot sign in. Always false. */
export async function verifyDummy(secret: string): Promise<false> {
  // Made once per process, outside the count: it is not work a request does.
  dummyHash ??= hash(randomBytes(16).toString('base64url'), PARAMS);
  await verifySecret(await dummyHash, secret);
  return false;
}

/** True when a hash was made with other parameters than today's, so it should be replaced at the next sign-in. */
export const needsRehash = (storedHash: string): boolean => !storedHash.startsWith(PARAMS_TAG);
