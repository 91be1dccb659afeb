/** A real FreeRADIUS on a loopback port for the tests (freeradius.mjs). */
export interface TestFreeRadius {
  host: string;
  port: number;
  secret: string;
  /** Starts it again after `stop()`, on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

export function startFreeRadius(options: { secret: string }): Promise<TestFreeRadius>;
