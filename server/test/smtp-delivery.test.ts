/**
 * Mail to a bank's relay as production sends it: over TLS (from the first byte, or STARTTLS required) to a server
 * whose certificate chains to SMTP_CA_FILE, with the headers a relay and a mailbox expect, and a failed send in the
 * log with the server's words but not the recipient's address. A real SMTP server on loopback receives it.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import { DEMO_ANSWER } from '../src/demo-users.js';
import { accountRow, answerSecurityQuestion, createTestApp, type TestApp } from './harness.js';
import { TestSmtpServer, certificateFor, type TestSmtpOptions } from './smtp.js';

const bank = certificateFor('relay.bank.example');
const stranger = certificateFor('relay.elsewhere.example');

let smtp: TestSmtpServer | undefined;
let t: TestApp | undefined;
let logs: string[] = [];
afterEach(async () => {
  await t?.close();
  await smtp?.stop();
  [t, smtp, logs] = [undefined, undefined, []];
});
afterAll(() => {
  for (const { file } of [bank, stranger]) rmSync(dirname(file), { recursive: true, force: true });
});

/** A relay with `server`'s TLS, and the service sending to it with `config`; a user then asks for a password. */
async function recoveryMailTo(server: TestSmtpOptions, config: Partial<Config>): Promise<void> {
  smtp = await new TestSmtpServer(0, undefined, server).start();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp('sqlite', {
    config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, ...config },
    logger: { level: 'info', stream },
  });
  const client = t.client();
  await client.openPage();
  expect((await answerSecurityQuestion(client, 'demopass', DEMO_ANSWER)).statusCode).toBe(200);
}

/** The log records of failed sends, once there is one. */
async function sendFailures(): Promise<string[]> {
  const failures = () => logs.filter((line) => line.includes('mail could not be sent'));
  await expect.poll(() => failures().length, { timeout: 15_000 }).toBeGreaterThan(0);
  return failures();
}

describe('mail over TLS', () => {
  it('is delivered over implicit TLS to a relay whose certificate chains to SMTP_CA_FILE', async () => {
    await recoveryMailTo({ tls: 'implicit', certificate: bank }, { smtpTls: 'implicit', smtpCaFile: bank.file });
    const [mail] = await smtp!.waitFor(1, 15_000);
    expect(mail!.secure).toBe(true);
  });

  it('is delivered after STARTTLS when STARTTLS is required', async () => {
    await recoveryMailTo({ tls: 'starttls', certificate: bank }, { smtpTls: 'starttls', smtpCaFile: bank.file });
    const [mail] = await smtp!.waitFor(1, 15_000);
    expect(mail!.secure).toBe(true);
  });

  it('is not sent, and the log says why, when STARTTLS is required and the relay offers none', async () => {
    await recoveryMailTo({}, { smtpTls: 'starttls' });
    const [failure] = await sendFailures();
    expect(JSON.parse(failure!)).toMatchObject({ level: 40, smtp: { code: 'ETLS', command: 'STARTTLS' } });
    expect(smtp!.received).toHaveLength(0);
  });

  it('is not sent to a relay whose certificate does not chain to SMTP_CA_FILE', async () => {
    await recoveryMailTo({ tls: 'implicit', certificate: stranger }, { smtpTls: 'implicit', smtpCaFile: bank.file });
    const [failure] = await sendFailures();
    expect(failure).toMatch(/self[- ]signed certificate/);
    expect(smtp!.received).toHaveLength(0);
  });
});

describe('what a delivered mail carries', () => {
  it('Reply-To when MAIL_REPLY_TO is set, Auto-Submitted, and a Message-ID of the public origin', async () => {
    const config = { mailReplyTo: 'Card help desk <help@bank.example>', publicOrigin: 'http://portal.bank.example' };
    await recoveryMailTo({}, config);
    const [mail] = await smtp!.waitFor(1, 15_000);
    expect(mail!.headers['reply-to']).toBe('Card help desk <help@bank.example>');
    expect(mail!.headers['auto-submitted']).toBe('auto-generated');
    expect(mail!.headers['message-id']).toMatch(/^<[^@<>]+@portal\.bank\.example>$/);
  });

  it('no Reply-To when MAIL_REPLY_TO is not set', async () => {
    await recoveryMailTo({}, {});
    const [mail] = await smtp!.waitFor(1, 15_000);
    expect(mail!.headers['reply-to']).toBeUndefined();
    expect(mail!.headers['auto-submitted']).toBe('auto-generated');
  });
});

describe('a failed send', () => {
  it("is logged with the relay's answer and without the recipient's address", async () => {
    await recoveryMailTo({ refuseRecipients: true }, {});
    const [failure] = await sendFailures();
    expect(JSON.parse(failure!)).toMatchObject({ smtp: { responseCode: 550, command: 'RCPT TO' } });
    expect(failure).toContain('Recipient address rejected');
    const { email } = await accountRow(t!.database, 'demopass');
    expect(failure).not.toContain(email);
    expect(logs.join('\n')).not.toContain(email);
  });
});
