/**
 * Gives memory back once the service has gone quiet. Under load V8 grows its young generation to 32 MiB and keeps it
 * until a full collection that aims to shrink the heap; a run of short-lived requests never causes one, so an instance
 * stayed at its busiest size for as long as it was idle (docs/benchmarks.md, figure 5). After IDLE_MS without a
 * request, one such collection runs (a few milliseconds); the next request arms it again.
 */
export const IDLE_MS = 10_000;
const CHECK_MS = 2_500;

type Collect = () => void;

/**
 * V8's own collection that shrinks the heap, as `gc()` offers it to a process started with --expose-gc (the service's
 * launchers start it so: docs/operations.md, "Memory"); none in a process started without it.
 */
export function shrinkingCollection(gc: NodeJS.GCFunction | undefined = globalThis.gc): Collect | null {
  return gc ? () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }) : null;
}

export interface IdleMemory {
  /** Told of every request. */
  seen(): void;
  stop(): void;
}

export function giveBackMemoryWhenIdle(collect: Collect | null, now: () => number = Date.now): IdleMemory {
  let requests = 0;
  let counted = 0;
  let quietSince = now();
  let given = false;
  const timer = setInterval(() => {
    if (requests !== counted) {
      counted = requests;
      quietSince = now();
      given = false;
    } else if (!given && now() - quietSince >= IDLE_MS) {
      given = true;
      collect?.();
    }
  }, CHECK_MS);
  timer.unref();
  return {
    seen: () => void (requests += 1),
    stop: () => clearInterval(timer),
  };
}
