/**
 * A real SMTP server on loopback for the tests: it keeps what it receives, parsed, and can be stopped and restarted.
 * The browser tests' sink (e2e/setup/smtp-sink.ts) is this server too, telling each mail to `onMail`.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The sender as a mail client shows it: `"Name" <address>`. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Connections opened to this server since it started. */
  connections = 0;
  private server: SMTPServer | null = null;

  constructor(
    public port = 0,
    private readonly onMail: (mail: ReceivedMail) => void = () => undefined,
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Stopping says 421 to connections still open (the service keeps its connections) instead of waiting for them.
      closeTimeout: 100,
      onConnect: (_session, done) => {
        this.connections += 1;
        done();
      },
      onData: (stream, _session, done) => {
        simpleParser(stream).then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const received = {
            from: mail.from?.text ?? '',
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          };
          this.received.push(received);
          this.onMail(received);
          done();
        }, done);
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` mails have arrived (the outbox worker sends in the background). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} mails, received ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.received;
  }
}

/** The temporary password inside a temporary-password mail. */
export const temporaryPasswordIn = (mail: ReceivedMail): string => {
  const match = /^ {4}(\S{12,20})$/m.exec(mail.text);
  if (!match) throw new Error(`no temporary password in: ${mail.text}`);
  return match[1]!;
};
