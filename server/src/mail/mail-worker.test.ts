/**
 * The mails an instance queues and sends itself (`sendQueued`) while the relay is down: one failed send, then the
 * mails queued until its retry are left to the worker's passes, so an outage during a storm of new browsers costs a
 * log line per retry, not one per sign-in. A relay address nothing listens on refuses the connection at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-port.mjs';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { MailWorker } from './mail-worker.js';
import { OutboxStore, retryDelayMs } from './outbox-store.js';
import { createTransport } from './transport.js';

describe('a mail the instance queued, sent by it while the relay is down', () => {
  let t: TestApp;
  let worker: MailWorker;
  const warnings: string[] = [];
  beforeEach(async () => {
    t = await createTestApp('sqlite');
    const transport = createTransport({
      ...{ smtpUrl: `smtp://127.0.0.1:${(await freePort()) as number}`, smtpTls: 'auto', smtpCaFile: null },
      ...{ dataDir: '', from: 'no-reply@portal.example', replyTo: null, publicOrigin: 'https://portal.example' },
      log: () => undefined,
    });
    const log = { warn: (_obj: object, message: string) => void warnings.push(message) };
    worker = new MailWorker(new OutboxStore(t.database.db, 'sqlite'), transport, t.clock.now, log);
  });
  afterEach(async () => {
    await worker.stop();
    await t.close();
    warnings.length = 0;
  });

  const queue = (subject: string) =>
    new OutboxStore(t.database.db, 'sqlite').enqueue(
      t.database.db,
      { recipient: 'ana@example.com', senderName: 'Skerrymoor Bank', subject, text: 'x', html: '<p>x</p>' },
      t.clock.now(),
      true,
    );
  const rows = () =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'attempts', 'claimed_until'])
      .orderBy('subject')
      .execute();

  it('tries the first, leaves the next to the passes until its retry, then tries again', async () => {
    await worker.sendQueued(await queue('a first'));
    expect(warnings).toEqual(['a mail could not be sent; it is tried again']);
    await worker.sendQueued(await queue('b second'));
    await worker.sendQueued(await queue('c third'));
    expect(warnings).toHaveLength(1);
    expect(await rows()).toEqual([
      { subject: 'a first', attempts: 1, claimed_until: null },
      // Still claimed: a pass sends them once the claim has run out.
      expect.objectContaining({ subject: 'b second', attempts: 0, claimed_until: expect.any(Number) }),
      expect.objectContaining({ subject: 'c third', attempts: 0, claimed_until: expect.any(Number) }),
    ]);

    t.clock.advance(retryDelayMs(1));
    await worker.sendQueued(await queue('d after the retry'));
    expect(warnings).toHaveLength(2);
  });
});
