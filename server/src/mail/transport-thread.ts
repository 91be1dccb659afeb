/**
 * nodemailer runs in a worker thread of its own: building a mail's MIME and writing or sending it took about a fifth of
 * the main thread's time in a new browser's password sign-in, and every request waited behind it (docs/benchmarks.md,
 * figure 1). The main thread hands the worker a mail's fields and gets its outcome back.
 * The worker is started at the first mail and ended once no mail has come for a while (an idle instance holds no
 * second V8 heap: docs/benchmarks.md, figure 5), and started again at the next, or after it dies.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';

// CommonJS, as every `eval` worker is; nodemailer's path comes resolved from here. A mail with a `file` is written
// beside its name and then renamed, so that whoever reads the folder's .eml files never reads half a mail.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { mkdir, rename, writeFile } = require('node:fs/promises');
const { dirname } = require('node:path');
const transport = require(workerData.nodemailer).createTransport(workerData.options);
async function deliver({ message, file }) {
  const info = await transport.sendMail(message);
  if (!file) return;
  const partial = file + '.part';
  const write = () => writeFile(partial, info.message, { mode: 0o600 });
  await write().catch(async (error) => {
    if (error.code !== 'ENOENT') throw error;
    await mkdir(dirname(file), { recursive: true });
    await write();
  });
  await rename(partial, file);
}
const failure = (e) => ({ code: e.code, command: e.command, responseCode: e.responseCode, message: String(e.message ?? e) });
parentPort.on('message', (job) => {
  if (job === 'close') {
    transport.close();
    parentPort.close();
    return;
  }
  deliver(job).then(
    () => parentPort.postMessage({ id: job.id }),
    (error) => parentPort.postMessage({ id: job.id, failure: failure(error ?? {}) }),
  );
});
`;

/** How long a worker with no mail on its way is kept for the next. */
export const IDLE_CLOSE_MS = 10_000;

export type NodemailerOptions = SMTPPool.Options | StreamTransport.Options;

/** A mail as nodemailer's `sendMail` takes it: plain data, copied to the worker. */
export type MailFields = Record<string, unknown>;

interface Outcome {
  id: number;
  /** What the operator is told of a failed send (mail-worker.ts, sendFailure): the fields, not the error. */
  failure?: { code?: string; command?: string; responseCode?: number; message: string };
}

export interface MailThread {
  /** Sends the mail, or with `file` writes it there; rejects with the transport's error's fields. */
  deliver(message: MailFields, file: string | null): Promise<void>;
  close(): void;
}

export function mailThread(options: NodemailerOptions): MailThread {
  let worker: Worker | null = null;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const close = () => {
    clearTimeout(idle);
    const closing = worker;
    worker = null;
    closing?.postMessage('close');
    closing?.unref();
  };
  // Held open only while a mail is on its way: an idle worker keeps no process from ending, and is ended in a while.
  const holdWhileBusy = () => {
    clearTimeout(idle);
    if (waiting.size > 0) return void worker?.ref();
    worker?.unref();
    idle = setTimeout(close, IDLE_CLOSE_MS).unref();
  };
  const settle = ({ id, failure }: Outcome) => {
    const job = waiting.get(id);
    waiting.delete(id);
    holdWhileBusy();
    if (failure) job?.reject(Object.assign(new Error(failure.message), failure));
    else job?.resolve();
  };
  const lost = (why: string) => {
    worker = null;
    for (const job of waiting.values()) job.reject(new Error(`the mail thread stopped: ${why}`));
    waiting.clear();
  };
  const start = () => {
    const nodemailer = createRequire(import.meta.url).resolve('nodemailer');
    const made = new Worker(WORKER_SOURCE, { eval: true, workerData: { nodemailer, options } });
    made.on('message', settle);
    made.once('error', (error) => worker === made && lost(String(error)));
    made.once('exit', (code) => worker === made && lost(`exit code ${code}`));
    return made;
  };
  return {
    deliver(message, file) {
      worker ??= start();
      const id = (nextId += 1);
      const done = new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }));
      worker.postMessage({ id, message, file });
      holdWhileBusy();
      return done;
    },
    close,
  };
}
