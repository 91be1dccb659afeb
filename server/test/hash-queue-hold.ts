/**
 * The hash queue held by a test, as verifies in flight would hold it: its places taken and one waiter behind them, so
 * the next request that needs a hash is refused for load. Not timed: nothing runs until the test lets go.
 */
import { expect } from 'vitest';
import { hashQueue, type HashSlot } from '../src/security/hash-queue.js';

const held: HashSlot[] = [];

/** Takes the queue's one place (the service runs with concurrency 1), and one more waiter behind it. */
export async function fillQueue(): Promise<void> {
  held.push(await hashQueue.acquire());
  void hashQueue.acquire().then((slot) => held.push(slot));
  expect(hashQueue.saturated()).toBe(true);
}

/** Holds the queue's one place only: the next hash waits its turn. */
export async function holdPlace(): Promise<void> {
  held.push(await hashQueue.acquire());
}

/** Lets every held place and waiter go, so the next test starts with an empty queue. */
export async function drainQueue(): Promise<void> {
  while (held.length > 0 || hashQueue.stats().waiting > 0) {
    held.shift()?.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
}
