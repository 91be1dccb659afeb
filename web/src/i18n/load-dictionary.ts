/**
 * A language's texts for a page sent without them (another back end): English, built in and parsed by the build
 * (web/vite.config.ts), with the language's two bundles from §7's paths over it (empty on error, so missing keys fall
 * back to English). Those bundles are parsed here, with the ICU parser loaded then: the page's scripts carry none.
 */
import { DEFAULT_LOCALE, Paths, REQUEST_HEADERS } from '@portal/contract';
import englishMessages from '../../../data/i18n/en_US/Messages.json';
import englishLabels from '../../../data/i18n/en_US/PortalLabels.json';
import { parseLate } from './parse-late';
import type { Dictionary } from './translator';

const ENGLISH = { ...englishMessages, ...englishLabels } as Dictionary;

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
  if (locale === DEFAULT_LOCALE) return ENGLISH;
  const [messages, labels] = await Promise.all([
    fetchBundle(Paths.i18nBundle(locale, 'Messages')),
    fetchBundle(Paths.i18nBundle(locale, 'PortalLabels')),
  ]);
  return { ...ENGLISH, ...(await parseLate({ ...messages, ...labels })) };
}
