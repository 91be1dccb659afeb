// The new-device codes a portal without SMTP_URL wrote as .eml files to DATA_DIR/outbox (server/src/mail/transport.ts),
// read as the demo's user reads them there; for the browser tests (outbox.ts) and `npm run screens` alike.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The codes mailed so far, oldest first: each code mail's line of four spaces and six digits (its plain text part). */
export function mailedCodes(dataDir) {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => ({ file: join(dir, name), at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => a.at - b.at)
    .map(({ file }) => readFileSync(file, 'utf8'))
    .filter((mail) => /^Subject: .*verification code/m.test(mail))
    .map((mail) => /^ {4}(\d{6})\r?$/m.exec(mail)?.[1] ?? '');
}

/** A code of the same shape that is not `code`. */
export const otherThan = (code) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
