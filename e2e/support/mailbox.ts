/** Mail the browser tests' SMTP server received (see setup/smtp-sink.ts). */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

function mails(): Mail[] {
  const dir = join(inject('dataDir'), 'received-mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail);
}

/** Waits for the next mail to `to` whose subject matches, and answers it. */
export async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () =>
        (found = mails()
          .reverse()
          .find((m) => m.to === to && subject.test(m.subject))),
      { timeout: 15_000, interval: 200 },
    )
    .toBeDefined();
  return found!;
}

export const temporaryPasswordIn = (mail: Mail): string => /^ {4}(\S{12,20})$/m.exec(mail.text)![1]!;
