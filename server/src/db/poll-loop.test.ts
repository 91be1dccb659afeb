/** The outboxes' loop: one pass at a time, batches until none is due or one fails, a thrown pass reported. */
import { describe, expect, it, vi } from 'vitest';
import { doublingDelay, PollLoop, type PollWork } from './poll-loop.js';

/** Work whose claims answer `batches` in turn, then nothing; `fails` are the rows whose handling fails. */
function workOf(batches: string[][], fails: string[] = []) {
  const handled: string[] = [];
  let claims = 0;
  const work: PollWork<string> = {
    claim: async () => batches[claims++] ?? [],
    handle: async (row) => {
      handled.push(row);
      return !fails.includes(row);
    },
  };
  return { work, handled, claims: () => claims };
}

describe('PollLoop', () => {
  it('works through every due batch in one pass, and claims once more to find none left', async () => {
    const { work, handled, claims } = workOf([['a', 'b'], ['c']]);
    await new PollLoop(work, () => undefined, 60_000).nudge();
    expect(handled).toEqual(['a', 'b', 'c']);
    expect(claims()).toBe(3);
  });

  it('ends the pass after a batch in which a row failed: its receiver is likely down', async () => {
    const { work, handled, claims } = workOf([['a', 'b'], ['c']], ['a']);
    await new PollLoop(work, () => undefined, 60_000).nudge();
    expect(handled).toEqual(['a', 'b']);
    expect(claims()).toBe(1);
  });

  it('runs one pass at a time: a nudge during a pass waits for it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let claims = 0;
    const loop = new PollLoop<string>(
      {
        claim: async () => (claims++ === 0 ? ['a'] : []),
        handle: async () => held.then(() => true),
      },
      () => undefined,
      60_000,
    );
    const first = loop.nudge();
    const second = loop.nudge();
    expect(second).toBe(first);
    release();
    await first;
    expect(claims).toBe(2);
    await loop.nudge();
    expect(claims).toBe(3);
  });

  it('tells a pass that threw to its reporter, and passes again on the next nudge', async () => {
    const failed = vi.fn();
    const away = new Error('database away');
    const claim = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(away).mockResolvedValue([]);
    const loop = new PollLoop({ claim, handle: async () => true }, failed, 60_000);
    await loop.nudge();
    expect(failed).toHaveBeenCalledWith(away);
    await loop.nudge();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(claim).toHaveBeenCalledTimes(2);
  });

  it('passes every interval once started, and no more once stopped', async () => {
    vi.useFakeTimers();
    try {
      const claim = vi.fn(async (): Promise<string[]> => []);
      const loop = new PollLoop({ claim, handle: async () => true }, () => undefined, 1_000);
      loop.start();
      await vi.advanceTimersByTimeAsync(3_000);
      expect(claim).toHaveBeenCalledTimes(3);
      await loop.stop();
      await vi.advanceTimersByTimeAsync(3_000);
      expect(claim).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('doublingDelay', () => {
  it('waits the first delay, then twice as long each time, never past its cap', () => {
    const delay = doublingDelay(5_000, 600_000);
    expect([1, 2, 3, 4].map(delay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(delay(8)).toBe(600_000);
    expect(delay(40)).toBe(600_000);
    expect(delay(0)).toBe(5_000);
  });
});
