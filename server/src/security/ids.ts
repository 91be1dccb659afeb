import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** 256-bit random session ID for the cookie; only its hash is stored. */
export const newSessionId = (): string => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');
export const newId = (): string => randomUUID();
