import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giveBackMemoryWhenIdle, IDLE_MS, shrinkingCollection } from './idle-memory.js';

describe('giveBackMemoryWhenIdle', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('collects once after a quiet spell, and again only after requests came and went', () => {
    const collect = vi.fn();
    const idle = giveBackMemoryWhenIdle(collect);
    vi.advanceTimersByTime(IDLE_MS - 3_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(collect).toHaveBeenCalledTimes(1);

    idle.seen();
    vi.advanceTimersByTime(IDLE_MS + 5_000);
    expect(collect).toHaveBeenCalledTimes(2);
    idle.stop();
  });

  it('never collects while requests keep coming', () => {
    const collect = vi.fn();
    const idle = giveBackMemoryWhenIdle(collect);
    for (let second = 0; second < 120; second += 1) {
      idle.seen();
      vi.advanceTimersByTime(1_000);
    }
    expect(collect).not.toHaveBeenCalled();
    idle.stop();
  });
});

describe('shrinkingCollection', () => {
  it("is V8's own collection, callable in this Node", () => {
    const collect = shrinkingCollection();
    expect(collect).toBeTypeOf('function');
    expect(() => collect?.()).not.toThrow();
  });
});
