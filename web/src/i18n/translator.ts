/**
 * Translations: the page's language, complete (its texts over English's), as the service writes it into the page or
 * load-dictionary.ts loads it. Keys are typed from the English bundles.
 */
import { messageFormatter, type MessageSource } from '@portal/contract';
import type englishMessages from '../../../data/i18n/en_US/Messages.json';
import type englishLabels from '../../../data/i18n/en_US/PortalLabels.json';

export type MessageKey = keyof typeof englishMessages | keyof typeof englishLabels;
export type Dictionary = Partial<Record<MessageKey, MessageSource>>;
export type Translate = (key: MessageKey, ...params: (string | number)[]) => string;

export function createTranslator(locale: string, dictionary: Dictionary): Translate {
  const format = messageFormatter(locale);
  return (key, ...params) => format(dictionary[key] ?? key, params);
}
