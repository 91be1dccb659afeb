/**
 * §8's refusal for load (503, code `busy`, with Retry-After): the service was too busy to start the sign-in, and did
 * nothing with it. A sign-in (the sign-in screen's, and change password's with the new password) is tried once more by
 * itself after the wait the service asked for, plus a random part of it, so the browsers refused together do not all
 * come back at the same instant.
 */
import { ErrorCodes } from '@portal/contract';
import { HttpError } from './client';

/** The longest the screen waits by itself; a longer Retry-After is for the user to act on. */
const MAX_WAIT_MS = 10_000;

/** True for the refusal for load, never for "Invalid Login" nor the system error. */
export const isBusy = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status === 503 && error.body?.errors[0]?.code === ErrorCodes.busy;

/** Retry-After (one second when absent) and up to half as long again, at random. */
export const retryDelayMs = (retryAfterSeconds: number | null, random: () => number = Math.random): number => {
  const base = Math.max(1, retryAfterSeconds ?? 1) * 1000;
  return Math.min(MAX_WAIT_MS, Math.round(base * (1 + random() / 2)));
};

export interface RetryHooks {
  /** Told the wait before the retry, so the screen can say that it is busy and will try again. */
  onBusy: (delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** Runs `attempt`; refused for load, waits and runs it once more. Any other failure, or a second refusal, is thrown. */
export async function oneRetryWhenBusy<T>(attempt: () => Promise<T>, hooks: RetryHooks): Promise<T> {
  const { onBusy, sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)), random } = hooks;
  try {
    return await attempt();
  } catch (error) {
    if (!isBusy(error)) throw error;
    const delay = retryDelayMs(error.retryAfter, random);
    onBusy(delay);
    await sleep(delay);
    return attempt();
  }
}
