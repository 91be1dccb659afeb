/**
 * Translations: en_US ships inside the bundle as the fallback; any other language comes written into the page by the
 * service, or loads its two bundles from §7's paths (empty on error, so missing keys fall back to English). Keys are
 * typed from the English bundles. The scripts carry no ICU parser: the English texts are parsed by the build
 * (web/vite.config.ts), a page's by the service, and bundles loaded by call here, with the parser loaded then.
 */
import { DEFAULT_LOCALE, Paths, REQUEST_HEADERS, messageFormatter, type MessageSource } from '@portal/contract';
import englishMessages from '../../../data/i18n/en_US/Messages.json';
import englishLabels from '../../../data/i18n/en_US/PortalLabels.json';
import { parseLate } from './parse-late';

export type MessageKey = keyof typeof englishMessages | keyof typeof englishLabels;
export type Dictionary = Partial<Record<MessageKey, MessageSource>>;
export type Translate = (key: MessageKey, ...params: (string | number)[]) => string;

const ENGLISH = { ...englishMessages, ...englishLabels } as Record<MessageKey, MessageSource>;

async function fetchBundle(url: string): Promise<Record<string, string>> {
  try {
    // §7's headers, as every call carries; cached as the service allows (a bundle changes only with a release).
    const response = await fetch(url, { headers: REQUEST_HEADERS, credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export async function loadDictionary(locale: string): Promise<Dictionary> {
  if (locale === DEFAULT_LOCALE) return {};
  const [messages, labels] = await Promise.all([
    fetchBundle(Paths.i18nBundle(locale, 'Messages')),
    fetchBundle(Paths.i18nBundle(locale, 'PortalLabels')),
  ]);
  return parseLate({ ...messages, ...labels });
}

export function createTranslator(locale: string, dictionary: Dictionary): Translate {
  const format = messageFormatter(locale);
  return (key, ...params) => format(dictionary[key] ?? ENGLISH[key] ?? key, params);
}
