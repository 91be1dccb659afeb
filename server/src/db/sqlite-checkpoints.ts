/**
 * SQLite appends every write to its write-ahead log and copies the log into the database file at a checkpoint. Run
 * by the connection that wrote, as SQLite does by default, a checkpoint holds up the event loop for as long as that
 * copy and its fsync take, and every request waits: a ping's latency tail over a million sessions shows it
 * (docs/benchmarks.md, figure 6; docs/decisions.md, "which speed mechanisms stay").
 * In WAL mode another connection may checkpoint while this one goes on writing, so a worker thread with its own
 * connection does it, once a second; the service's connection never checkpoints. Should the worker stop, the service's
 * connection takes checkpoints back, so the log never grows without bound.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

export const CHECKPOINT_INTERVAL_MS = 1_000;
/** SQLite's own default: a checkpoint once the log holds 1,000 pages. */
const AUTOCHECKPOINT_PAGES = 1_000;

// CommonJS, as every `eval` worker is; the driver's path comes resolved from here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  onProblem: (message: string) => void = () => undefined,
): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  sqlite.pragma('wal_autocheckpoint = 0');
  const takeBack = (why: string) => {
    if (stopping || !sqlite.open) return;
    sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    onProblem(`SQLite checkpoints are back on the service's connection: ${why}`);
  };
  worker.once('error', (error) => takeBack(String(error)));
  worker.once('exit', (code) => takeBack(`the checkpoint worker exited (${code})`));
  return {
    async stop() {
      if (!stopping) {
        stopping = true;
        // Held open again while it finishes, or a process with nothing else to do would exit before it has.
        worker.ref();
        worker.postMessage('stop');
      }
      await exited;
    },
  };
}
