import { hash, randomBytes, randomUUID } from 'node:crypto';

/** 256-bit random session ID for the cookie; only its hash is stored. */
export const newSessionId = (): string => randomBytes(32).toString('base64url');
export const hashSessionId = (id: string): string => hash('sha256', id, 'hex');
export const newId = (): string => randomUUID();
