/**
 * The transport without an SMTP server: each mail an `.eml` file under DATA_DIR/outbox/, built by nodemailer in a
 * thread of its own, so that the main thread, which answers every request, never loads it. Delivery to a real relay
 * is tested in server/test/smtp-delivery.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from './outbox-store.js';
import { IDLE_CLOSE_MS } from './transport-thread.js';
import { createTransport, type MailTransport } from './transport.js';

const row = (id: string): OutboxRow => ({
  ...{ id, recipient: 'ana@example.com', sender_name: 'Skerrymoor Bank', subject: 'Sign-in from a new device' },
  ...{ text_body: 'Hello Ana,\n\nsomeone signed in.', html_body: '<p>Hello Ana,</p><p>someone signed in.</p>' },
  ...{ created_at: 0, attempts: 0, next_attempt_at: 0, claimed_until: null, sent_at: null, last_error: null },
});

let transport: MailTransport | undefined;
const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  transport?.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function filesTransport(dataDir: string, log: string[] = []): MailTransport {
  transport = createTransport({
    ...{ smtpUrl: null, smtpTls: 'auto', smtpCaFile: null, dataDir, replyTo: null, log: (m) => log.push(m) },
    ...{ from: 'Portal <no-reply@portal.example>', publicOrigin: 'https://portal.bank.example' },
  });
  return transport;
}

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'mail-transport-'));
  dirs.push(dir);
  return dir;
};

/** Whether this thread has loaded any of nodemailer's modules. */
const nodemailerLoadedHere = () =>
  Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/nodemailer/'));

describe('the mail transport without SMTP', () => {
  it('writes each mail whole to DATA_DIR/outbox/, its folder made at the first mail, without loading nodemailer here', async () => {
    const dataDir = tempDir();
    const log: string[] = [];
    const send = filesTransport(dataDir, log);
    await Promise.all(['m-1', 'm-2'].map((id) => send.send(row(id))));
    expect(readdirSync(join(dataDir, 'outbox')).sort()).toEqual(['m-1.eml', 'm-2.eml']);
    const mail = readFileSync(join(dataDir, 'outbox', 'm-1.eml'), 'utf8');
    expect(mail).toContain('From: Skerrymoor Bank <no-reply@portal.example>');
    expect(mail).toContain('Message-ID: <m-1@portal.bank.example>');
    expect(mail).toContain('Auto-Submitted: auto-generated');
    expect(log.sort()).toEqual([expect.stringContaining('m-1.eml'), expect.stringContaining('m-2.eml')]);
    expect(nodemailerLoadedHere()).toBe(false);
  });

  it('refuses with the reason when the mail cannot be written, and writes the next once it can', async () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'outbox'), 'a file where the folder should be');
    const send = filesTransport(dataDir);
    await expect(send.send(row('m-1'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    rmSync(join(dataDir, 'outbox'));
    await send.send(row('m-2'));
    expect(existsSync(join(dataDir, 'outbox', 'm-2.eml'))).toBe(true);
  });

  it('ends its thread once no mail has come for a while, and starts one again for the next', async () => {
    const dataDir = tempDir();
    const send = filesTransport(dataDir);
    const before = await settledThreads();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await send.send(row('m-1'));
    expect(threads()).toBeGreaterThan(before);
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    vi.useRealTimers();
    await expect.poll(threads, { timeout: 5_000 }).toBe(before);
    await send.send(row('m-2'));
    expect(readdirSync(join(dataDir, 'outbox')).sort()).toEqual(['m-1.eml', 'm-2.eml']);
  });
});

/** The threads of this process (Linux): a worker thread is one of them while it runs. */
const threads = () => readdirSync('/proc/self/task').length;

/** The count once the threads of the earlier tests' transports have ended (it holds for half a second). */
async function settledThreads(): Promise<number> {
  for (let seen = threads(); ;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (threads() === seen) return seen;
    seen = threads();
  }
}
