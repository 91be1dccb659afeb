/**
 * The one formatter of the spec's `{0}`-style messages, as ICU messages (FormatJS's intl-messageformat): the service's
 * answers and mails, the browser's translator and the session warning's countdown all format through it.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { languageTag } from './constants.js';

export type MessageParams = readonly (string | number)[];
export type FormatMessage = (source: string, params?: MessageParams) => string;

/** A formatter for one locale, keeping each parsed message for the next call. */
export function messageFormatter(locale: string): FormatMessage {
  const tag = languageTag(locale);
  const parsed = new Map<string, IntlMessageFormat>();
  return (source, params = []) => {
    if (!source.includes('{')) return source;
    let format = parsed.get(source);
    if (!format) {
      format = new IntlMessageFormat(source, tag);
      parsed.set(source, format);
    }
    return String(format.format(Object.fromEntries(params.map((value, index) => [String(index), value]))));
  };
}
