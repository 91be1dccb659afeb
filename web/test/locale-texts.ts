/**
 * Every text a reader of one language meets: the portal's bundles, its built-in security questions, the texts of each
 * cobrand offering that language, as the service answers them (the catalogue's own reader), and every mail as the
 * service writes it (subject and text, its sentences put together by the mail's template), each with where it comes
 * from.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COBRAND_TEXT_FIELDS } from '@portal/contract';
import { cobrandIn, readCatalogue } from '../../server/src/cobrand/index.js';
import { Messages } from '../../server/src/i18n/messages.js';
import { newDeviceMail, unknownDevicesLockedMail } from '../../server/src/device/index.js';
import { passkeyAddedMail, passkeyDisabledMail, passkeyRemovedMail } from '../../server/src/passkey/index.js';
import { passwordChangedMail, temporaryPasswordMail } from '../../server/src/password/index.js';
import { recoveryCodeUsedMail } from '../../server/src/recovery-code/index.js';
import { deviceCodeMail } from '../../server/src/device-code/index.js';
import { pinSetMail } from '../../server/src/token/index.js';

/** Every mail, each written by its capability (its `mails.ts`). */
const mail = {
  temporaryPasswordMail,
  pinSetMail,
  passwordChangedMail,
  passkeyAddedMail,
  passkeyRemovedMail,
  passkeyDisabledMail,
  recoveryCodeUsedMail,
  unknownDevicesLockedMail,
  newDeviceMail,
  deviceCodeMail,
};

export const dataDir = fileURLToPath(new URL('../../data', import.meta.url));
const { cobrands } = readCatalogue(join(dataDir, 'cobrands'));

export interface LocaleText {
  where: string;
  text: string;
}

/** The two bundles of the pages, the help-desk console's, and the built-in security questions the service shows. */
export function bundleTexts(locale: string): LocaleText[] {
  return ['Messages', 'PortalLabels', 'Console', 'SecurityQuestions'].flatMap((bundle) =>
    Object.entries(
      JSON.parse(readFileSync(join(dataDir, 'i18n', locale, `${bundle}.json`), 'utf8')) as Record<string, string>,
    ).map(([key, text]) => ({ where: `${locale}/${bundle}.json ${key}`, text })),
  );
}

export function cobrandTexts(locale: string): LocaleText[] {
  return cobrands
    .filter(({ record }) => locale in record.locales)
    .flatMap(({ record }) => {
      const entry = cobrandIn(record, locale);
      const where = `cobrands/${record.cobrand.name} ${locale}`;
      const questions = Object.values(record.securityQuestions ?? {}).flatMap((byLocale) =>
        byLocale[locale] ? [{ where: `${where} securityQuestions`, text: byLocale[locale] }] : [],
      );
      return COBRAND_TEXT_FIELDS.flatMap((field) => {
        const text = entry[field];
        return typeof text === 'string' ? [{ where: `${where} ${field}`, text }] : [];
      }).concat(questions);
    });
}

type MailContext = Parameters<typeof mail.pinSetMail>[0];
type Mail = ReturnType<typeof mail.pinSetMail>;
const AT = Date.UTC(2026, 10, 27, 9, 30);
/** Every mail template, rendered with made-up values (a test checks none is left out). */
export const MAILS: Record<string, (ctx: MailContext) => Mail> = {
  temporaryPasswordMail: (ctx) => mail.temporaryPasswordMail(ctx, 'Q7v!x2Rk9mPa', 15),
  pinSetMail: (ctx) => mail.pinSetMail(ctx, AT),
  passwordChangedMail: (ctx) => mail.passwordChangedMail(ctx, AT),
  passkeyAddedMail: (ctx) => mail.passkeyAddedMail(ctx, 'Laptop', AT),
  passkeyRemovedMail: (ctx) => mail.passkeyRemovedMail(ctx, 'Laptop', AT),
  passkeyDisabledMail: (ctx) => mail.passkeyDisabledMail(ctx, 'Laptop', AT),
  recoveryCodeUsedMail: (ctx) => mail.recoveryCodeUsedMail(ctx, 7, AT),
  unknownDevicesLockedMail: (ctx) => mail.unknownDevicesLockedMail(ctx, AT),
  newDeviceMail: (ctx) =>
    mail.newDeviceMail(ctx, { device: { browser: 'Firefox', os: 'Linux' }, address: '203.0.113.x' }, AT),
  deviceCodeMail: (ctx) =>
    mail.deviceCodeMail(ctx, '284615', { device: { browser: 'Firefox', os: 'Linux' }, address: '203.0.113.x' }, AT),
};
/** The mail templates every capability writes, by name: each `export function …Mail` of a `mails.ts` under server/src. */
export const mailTemplateNames = () => {
  const src = fileURLToPath(new URL('../../server/src', import.meta.url));
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => basename(file) === 'mails.ts')
    .flatMap((file) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(/export function (\w+Mail)\(/g)].map((m) => m[1]!),
    );
};

const messages = new Messages(join(dataDir, 'i18n'));
const platform = cobrands.find(({ record }) => record.cobrand.name === 'default')!.record;

/** Each mail in a language from the platform's own cobrand: its subject and its paragraphs, the greeting first. */
export function renderedMails(locale: string): { name: string; subject: string; paragraphs: string[] }[] {
  const ctx: MailContext = {
    messages,
    locale,
    appName: cobrandIn(platform, locale).appName,
    logoUrl: null,
    recipient: 'alex@example.com',
    userId: 'akowalski',
    greetName: 'Alex Kowalski',
  };
  return Object.entries(MAILS).map(([name, render]) => {
    const { subject, text } = render(ctx);
    return { name, subject, paragraphs: text.split('\n\n').map((p) => p.trim()) };
  });
}

export const mailTexts = (locale: string): LocaleText[] =>
  renderedMails(locale).flatMap(({ name, subject, paragraphs }) => [
    { where: `${locale} mail ${name} subject`, text: subject },
    { where: `${locale} mail ${name} text`, text: paragraphs.join('\n\n') },
  ]);

export const localeTexts = (locale: string) => [...bundleTexts(locale), ...cobrandTexts(locale), ...mailTexts(locale)];
