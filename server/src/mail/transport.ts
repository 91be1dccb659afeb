/** Where mail goes: an SMTP server (SMTP_URL), or `.eml` files under DATA_DIR/outbox/ when none is configured. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { OutboxRow } from './outbox-store.js';

export interface MailTransport {
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl: string | null;
  dataDir: string;
  from: string;
  log: (message: string) => void;
}

/** How many mails an instance sends at once, each on a connection of its own. */
export const MAX_CONNECTIONS = 5;

/** MAIL_FROM's address under the bank's name, so the user sees whose mail it is; MAIL_FROM as it is otherwise. */
function sender(row: OutboxRow, from: string): string | { name: string; address: string } {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return row.sender_name ? { name: row.sender_name, address } : from;
}

const message = (row: OutboxRow, from: string) => ({
  from: sender(row, from),
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  messageId: `<${row.id}@portal>`,
});

/**
 * nodemailer and its connections are made at the first mail, not at start: an idle instance holds the code it loads
 * (docs/benchmarks.md, figure 5), and most instances send a mail rarely.
 */
function atFirstMail(options: Parameters<typeof nodemailer.createTransport>[0]) {
  let made: Transporter | null = null;
  return {
    get: () => (made ??= (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(options)),
    close: () => made?.close(),
  };
}

export function createTransport({ smtpUrl, dataDir, from, log }: TransportOptions): MailTransport {
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const smtp = atFirstMail({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      // Connections are kept and reused, a few at once: a new connection and greeting for every mail held delivery to
      // about ten a second under load.
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      // A mail server that does not answer must not hold the worker for long; the row is retried later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return { send: async (row) => void (await smtp.get().sendMail(message(row, from))), close: smtp.close };
  }
  const dir = join(dataDir, 'outbox');
  const files = atFirstMail({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(row) {
      const info = await files.get().sendMail(message(row, from));
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${row.id}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log(`mail written to ${file}`);
    },
    close: files.close,
  };
}
