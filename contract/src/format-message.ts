/**
 * The one formatter of the spec's `{0}`-style messages, as ICU messages (FormatJS's intl-messageformat): the service's
 * answers and mails, the browser's translator and the session warning's countdown all format through it.
 * A message comes as written, or already parsed (`parsedMessages`): the browser's scripts carry no ICU parser, so
 * every message with a placeholder reaches them parsed (web/vite.config.ts).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { languageTag } from './constants.js';

/** A message as written (plain text, or ICU with placeholders), or parsed into FormatJS's elements. */
export type MessageSource = string | MessageFormatElement[];
export type MessageParams = readonly (string | number)[];
export type FormatMessage = (source: MessageSource, params?: MessageParams) => string;

/** A formatter for one locale, keeping each parsed message for the next call. */
export function messageFormatter(locale: string): FormatMessage {
  const tag = languageTag(locale);
  const written = new Map<string, IntlMessageFormat>();
  const parsed = new WeakMap<MessageFormatElement[], IntlMessageFormat>();
  const formatOf = (source: MessageSource) => {
    let format = typeof source === 'string' ? written.get(source) : parsed.get(source);
    if (!format) {
      format = new IntlMessageFormat(source, tag);
      if (typeof source === 'string') written.set(source, format);
      else parsed.set(source, format);
    }
    return format;
  };
  return (source, params = []) => {
    if (typeof source === 'string' && !source.includes('{')) return source;
    const values = Object.fromEntries(params.map((value, index) => [String(index), value]));
    return String(formatOf(source).format(values));
  };
}

/**
 * Messages with their placeholders parsed, plain texts as they are: what the browser is given. `parse` is FormatJS's
 * parser, passed in so that only its callers (the service, the build, a page's late calls) load it.
 */
export function parsedMessages(
  messages: Record<string, string>,
  parse: (message: string) => MessageFormatElement[],
): Record<string, MessageSource> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [key, text.includes('{') ? parse(text) : text]),
  );
}
