/**
 * Admission of a request whose work is an argon2 hash (a sign-in), before it touches anything: refused at once for
 * load (503 with Retry-After, the same answer whoever the user is, so nothing is claimed, counted or opened), else it
 * waits its turn, and is dropped if its browser goes away meanwhile. The place it waited for travels with the request
 * (AsyncLocalStorage), so its first hash, whichever path the service takes (a real verify or the dummy one), runs in
 * that place and the services need not know of the queue.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ErrorCodes } from '@portal/contract';
import { ApiErrorBodySchema } from '@portal/contract/schemas';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { HashAbandoned, HashQueueFull, hashQueue, type HashSlot } from './hash-queue.js';

const admitted = new AsyncLocalStorage<{ slot: HashSlot | null }>();

/** Runs one argon2 call: in the place its request was admitted to, the first time; otherwise in turn. */
export function queuedHash<T>(hash: () => Promise<T>): Promise<T> {
  const store = admitted.getStore();
  const slot = store?.slot ?? undefined;
  if (store) store.slot = null;
  return hashQueue.run(hash, slot);
}

/** §8's refusal for load: the error shape, and when to ask again. */
export const busy = (retryAfterSeconds: number): ApiError =>
  new ApiError(503, [{ code: ErrorCodes.busy, messageKey: 'request.busy' }], {
    'retry-after': String(retryAfterSeconds),
  });

/** The 503 a call that verifies a secret may answer, in its OpenAPI description. */
export const BUSY_OR_UNAVAILABLE = {
  ...ApiErrorBodySchema,
  description:
    "Refused for load before anything was done (code busy; ask again after Retry-After), or the database or the bank's token server cannot be reached now (code unavailable)",
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before asking again' } },
};

/**
 * Aborts when the browser's connection closes before the answer is written. (The request's own `close` fires once its
 * body is read, so it says nothing of the browser; the response's fires on a finished answer or a gone connection.)
 */
function browserGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  const raw = reply.raw;
  if (raw.socket?.destroyed) gone.abort();
  raw.once('close', () => {
    if (!raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

/**
 * Runs `work` once admitted, without waiting for a place first: its hashes take their turn as they come. For work that
 * may wait on something else before its first hash (a recovery waits up to seconds for one of the account's tries):
 * a place taken before it would stand idle meanwhile, and every sign-in would wait behind it. Such work is not dropped
 * when its browser goes: once it has claimed a try, its verify must run for the try to be settled.
 */
export async function ifAdmitted<T>(work: () => Promise<T>): Promise<T> {
  try {
    hashQueue.admit();
  } catch (error) {
    if (error instanceof HashQueueFull) throw busy(error.retryAfterSeconds);
    throw error;
  }
  return work();
}

/** Runs `work` once admitted and its turn has come; throws the refusal for load otherwise. */
export async function whileAdmitted<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  let store: { slot: HashSlot | null };
  try {
    hashQueue.admit();
    store = { slot: await hashQueue.acquire(browserGone(reply)) };
  } catch (error) {
    if (error instanceof HashQueueFull) throw busy(error.retryAfterSeconds);
    // Nobody reads this answer: the browser has gone. It is answered as refused for load, and nothing was done.
    if (error instanceof HashAbandoned) throw busy(1);
    throw error;
  }
  try {
    return await admitted.run(store, work);
  } finally {
    store.slot?.release();
  }
}
