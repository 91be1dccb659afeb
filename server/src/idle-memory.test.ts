import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
  const PROBE = `
    const { shrinkingCollection } = await import('./src/idle-memory.ts');
    const collect = shrinkingCollection();
    collect?.();
    console.log(collect ? 'collected' : 'none');`;

  /** What the collection is in a Node process started with `flags`, as the service's entry is started. */
  const inProcess = (flags: string[]) =>
    execFileSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    }).trim();

  it("is V8's own collection, run, in a process started with --expose-gc", () => {
    expect(inProcess(['--expose-gc'])).toBe('collected');
  });

  it('is none in a process started without it: no V8 flag is changed once running', () => {
    expect(inProcess([])).toBe('none');
  });

  it('asks for the full collection that shrinks the heap', () => {
    const gc = vi.fn();
    shrinkingCollection(gc as unknown as NodeJS.GCFunction)?.();
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  });
});
