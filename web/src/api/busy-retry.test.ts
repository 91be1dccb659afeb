/** The sign-in screen's answer to a refusal for load: one retry after Retry-After with jitter, and no other retry. */
import { ErrorCodes } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from './client';
import { isBusy, oneRetryWhenBusy, retryDelayMs } from './busy-retry';

const refusal = (code: string, status = 503, retryAfter: number | null = 2) =>
  new HttpError(status, { errors: [{ code: code as typeof ErrorCodes.busy, message: 'text' }] }, retryAfter);
const BUSY = refusal(ErrorCodes.busy);

/** An attempt that answers each given outcome in turn (an Error is thrown), counting its calls. */
function attempts(...outcomes: (string | Error)[]) {
  const calls = { count: 0 };
  const attempt = async () => {
    const outcome = outcomes[calls.count++];
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { attempt, calls };
}

describe('a sign-in refused for load', () => {
  it('is tried once more after Retry-After and up to half as long again, telling the screen first', async () => {
    const { attempt, calls } = attempts(BUSY, '/home');
    const told: number[] = [];
    const slept: number[] = [];
    const next = await oneRetryWhenBusy(attempt, {
      onBusy: (ms) => told.push(ms),
      sleep: async (ms) => void slept.push(ms),
      random: () => 0.5,
    });
    expect({ next, calls: calls.count, told, slept }).toEqual({ next: '/home', calls: 2, told: [2500], slept: [2500] });
  });

  it('is not tried a third time: the second refusal is the answer', async () => {
    const { attempt, calls } = attempts(BUSY, BUSY, '/home');
    await expect(oneRetryWhenBusy(attempt, { onBusy: () => {}, sleep: async () => {} })).rejects.toBe(BUSY);
    expect(calls.count).toBe(2);
  });

  it.each([
    ['an invalid login', refusal(ErrorCodes.invalidLogin, 401, null)],
    ['the system error', refusal(ErrorCodes.unavailable, 503, 5)],
    ['no answer at all', new TypeError('Failed to fetch')],
  ])('is the only refusal retried: %s is not', async (_name, error) => {
    const { attempt, calls } = attempts(error, '/home');
    await expect(oneRetryWhenBusy(attempt, { onBusy: () => {}, sleep: async () => {} })).rejects.toBe(error);
    expect(calls.count).toBe(1);
    expect(isBusy(error)).toBe(false);
  });

  it('waits between Retry-After and half as long again, a second without one, and never over ten seconds', () => {
    expect([retryDelayMs(2, () => 0), retryDelayMs(2, () => 0.999)]).toEqual([2000, 2999]);
    expect(retryDelayMs(null, () => 0)).toBe(1000);
    expect(retryDelayMs(120, () => 0)).toBe(10_000);
  });
});
