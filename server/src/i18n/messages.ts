/** Translated text for the service's own answers, read from the same locale bundles the browser loads. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import {
  DEFAULT_LOCALE,
  SUPPORTED_LOCALES,
  isLocale,
  messageFormatter,
  parsedMessages,
  type FormatMessage,
  type Locale,
  type MessageSource,
} from '@portal/contract';
import { I18N_DIR } from '../paths.js';
import englishLabels from '../../../data/i18n/en_US/PortalLabels.json' with { type: 'json' };
import englishMessages from '../../../data/i18n/en_US/Messages.json' with { type: 'json' };

export type MessageKey = keyof typeof englishMessages | keyof typeof englishLabels;
export type Bundle = 'Messages' | 'PortalLabels';

export const BUNDLES: readonly Bundle[] = ['Messages', 'PortalLabels'];

interface LoadedBundle {
  body: Buffer;
  entries: Record<string, string>;
}

export class Messages {
  private readonly bundles = new Map<string, LoadedBundle>();
  private readonly formatters = new Map<string, FormatMessage>();
  private readonly parsed = new Map<string, Record<string, MessageSource>>();

  constructor(dir = I18N_DIR) {
    for (const locale of SUPPORTED_LOCALES) {
      for (const bundle of BUNDLES) {
        const path = join(dir, locale, `${bundle}.json`);
        if (!existsSync(path)) continue;
        const body = readFileSync(path);
        this.bundles.set(`${locale}/${bundle}`, { body, entries: JSON.parse(body.toString('utf8')) });
      }
    }
  }

  /** The raw bundle file, or null when the locale has none (the browser then falls back to en_US, §7). */
  bundle(locale: string, bundle: Bundle): Buffer | null {
    return this.bundles.get(`${locale}/${bundle}`)?.body ?? null;
  }

  /**
   * A language's texts of both bundles over English's, as a page carries them (placeholders parsed): complete, so the
   * page's scripts carry no texts of their own.
   */
  dictionary(locale: string): Record<string, MessageSource> {
    let parsed = this.parsed.get(locale);
    if (!parsed) {
      const texts = Object.assign(
        {},
        ...[DEFAULT_LOCALE, locale].flatMap((source) =>
          BUNDLES.map((bundle) => this.bundles.get(`${source}/${bundle}`)?.entries ?? {}),
        ),
      );
      parsed = parsedMessages(texts, (message) => parse(message));
      this.parsed.set(locale, parsed);
    }
    return parsed;
  }

  text(locale: string | undefined, key: MessageKey, params: readonly (string | number)[] = []): string {
    const found = this.lookup(locale, key);
    return found ? this.format(found.locale, found.source, params) : key;
  }

  /** The message as written, placeholders unfilled, for a client that fills them itself. */
  source(locale: string | undefined, key: MessageKey): string {
    return this.lookup(locale, key)?.source ?? key;
  }

  private lookup(locale: string | undefined, key: MessageKey): { locale: Locale; source: string } | null {
    const chosen: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
    for (const candidate of [chosen, DEFAULT_LOCALE]) {
      for (const bundle of BUNDLES) {
        const source = this.bundles.get(`${candidate}/${bundle}`)?.entries[key];
        if (source !== undefined) return { locale: candidate, source };
      }
    }
    return null;
  }

  private format(locale: Locale, source: string, params: readonly (string | number)[]): string {
    let format = this.formatters.get(locale);
    if (!format) {
      format = messageFormatter(locale, (text) => parse(text));
      this.formatters.set(locale, format);
    }
    return format(source, params);
  }
}
