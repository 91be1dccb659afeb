/**
 * A local SMTP relay for the benchmarks, on loopback in the benchmark's process (as server/test/smtp.ts is for the
 * tests): it takes every mail the service sends, parses it, and hands the next one for an address to whoever waits
 * for it.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtpRelay() {
  const waiting = new Map();
  const kept = new Map();
  const deliver = (to, mail) => {
    const waiter = waiting.get(to);
    if (waiter) {
      waiting.delete(to);
      waiter(mail);
    } else kept.set(to, [...(kept.get(to) ?? []), mail]);
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    closeTimeout: 100,
    onMailFrom(_address, session, done) {
      session.mailFromAt = performance.now();
      done();
    },
    onData(stream, session, done) {
      simpleParser(stream).then((mail) => {
        // The relay's side of the mail: from MAIL FROM until it answers 250 to the data (parsed), in this process's
        // clock, as the benchmark's own times are.
        mail.smtpMs = performance.now() - session.mailFromAt;
        for (const { address } of session.envelope.rcptTo) deliver(address.toLowerCase(), mail);
        done();
      }, done);
    },
  });
  const arrival = (to, timeoutMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(to);
        reject(new Error(`no mail to ${to} reached the relay within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(to, (mail) => {
        clearTimeout(timer);
        resolve(mail);
      });
    });
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The next mail to `address` whose text `wanted` (an earlier one that is not is dropped). */
    async next(address, wanted, timeoutMs = 10_000) {
      const to = address.toLowerCase();
      for (;;) {
        const mail = kept.get(to)?.shift() ?? (await arrival(to, timeoutMs));
        if (wanted(mail.text ?? '')) return mail;
      }
    },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
