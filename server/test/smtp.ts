/**
 * A real SMTP server on loopback for the tests: it keeps what it receives, parsed, and can be stopped and restarted.
 * It speaks plain SMTP, or TLS (from the first byte, or after STARTTLS) with a certificate `certificateFor` makes.
 * The browser tests' sink (e2e/setup/smtp-sink.ts) is this server too, telling each mail to `onMail`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  /** The sender as a mail client shows it: `"Name" <address>`. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header as sent, by its lower-case name (`reply-to`, `message-id`, `auto-submitted`). */
  headers: Record<string, string>;
  /** The mail came over TLS. */
  secure: boolean;
}

export interface TestSmtpOptions {
  /** `implicit`: TLS from the first byte; `starttls`: offered after EHLO. Without it, plain SMTP, no STARTTLS. */
  tls?: 'implicit' | 'starttls';
  /** The server's key and certificate, for `tls`. */
  certificate?: TestCertificate;
  /** Refuse every recipient, as a relay refuses a mailbox it does not know. */
  refuseRecipients?: boolean;
}

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate as a PEM file: the CA a client is told to trust. */
  file: string;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl into a folder of its own. */
export function certificateFor(commonName: string): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'portal-smtp-tls-'));
  const [key, file] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2']
      .concat(['-subj', `/CN=${commonName}`, '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'])
      .concat(['-keyout', key, '-out', file]),
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(file, 'utf8'), file };
}

function tlsOptions({ tls, certificate }: TestSmtpOptions): SMTPServerOptions {
  if (!tls) return { disabledCommands: ['STARTTLS', 'AUTH'] };
  if (!certificate) throw new Error('a TLS test SMTP server needs a certificate');
  return { disabledCommands: ['AUTH'], secure: tls === 'implicit', key: certificate.key, cert: certificate.cert };
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Connections opened to this server since it started. */
  connections = 0;
  private server: SMTPServer | null = null;

  constructor(
    public port = 0,
    private readonly onMail: (mail: ReceivedMail) => void = () => undefined,
    private readonly options: TestSmtpOptions = {},
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      ...tlsOptions(this.options),
      authOptional: true,
      logger: false,
      // Stopping says 421 to connections still open (the service keeps its connections) instead of waiting for them.
      closeTimeout: 100,
      onConnect: (_session, done) => {
        this.connections += 1;
        done();
      },
      onRcptTo: (address, _session, done) => {
        if (!this.options.refuseRecipients) return done();
        const refusal = new Error(`<${address.address}>: Recipient address rejected: no such mailbox`);
        done(Object.assign(refusal, { responseCode: 550 }));
      },
      onData: (stream, session, done) => {
        simpleParser(stream).then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const headers = mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]);
          const received = {
            from: mail.from?.text ?? '',
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(headers) as Record<string, string>,
            secure: session.secure,
          };
          this.received.push(received);
          this.onMail(received);
          done();
        }, done);
      },
    });
    // A client that gives up during the TLS handshake (a certificate it does not trust) is the client's failure.
    server.on('error', () => undefined);
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
