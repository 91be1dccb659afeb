/**
 * Translations: en_US ships inside the bundle as the fallback; any other locale loads its two bundles lazily from
 * §7's paths (empty on error, so missing keys fall back to English). Keys are typed from the English bundles.
 */
import { DEFAULT_LOCALE, Paths, REQUEST_HEADERS, messageFormatter } from '@portal/contract';
import englishMessages from '../../../data/i18n/en_US/Messages.json';
import englishLabels from '../../../data/i18n/en_US/PortalLabels.json';

export type MessageKey = keyof typeof englishMessages | keyof typeof englishLabels;
export type Dictionary = Partial<Record<MessageKey, string>>;
export type Translate = (key: MessageKey, ...params: (string | number)[]) => string;

const ENGLISH: Record<MessageKey, string> = { ...englishMessages, ...englishLabels };

async function fetchBundle(url: string): Promise<Dictionary> {
  try {
    // §7's headers, as every call carries; cached as the service allows (a bundle changes only with a release).
    const response = await fetch(url, { headers: REQUEST_HEADERS, credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as Dictionary) : {};
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
  return { ...messages, ...labels };
}

export function createTranslator(locale: string, dictionary: Dictionary): Translate {
  const format = messageFormatter(locale);
  return (key, ...params) => format(dictionary[key] ?? ENGLISH[key] ?? key, params);
}
