/**
 * A real SMTP server on loopback for the browser tests (the API tests' own, server/test/smtp.ts). Vitest's global setup
 * runs in another process than the tests, so each mail is written as a JSON file they read (support/mailbox.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestSmtpServer } from '../../server/test/smtp';

export async function startSmtpSink(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = await new TestSmtpServer(0, ({ to, subject, text }) => {
    count += 1;
    writeFileSync(join(dir, `${String(count).padStart(4, '0')}.json`), JSON.stringify({ to, subject, text }));
  }).start();
  return { url: server.url, stop: () => server.stop() };
}
