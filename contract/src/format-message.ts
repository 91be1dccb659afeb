/**
 * The one formatter of the spec's `{0}`-style messages, as ICU messages: the service's answers and mails, the
 * browser's translator and the session warning's countdown all format through it. A message comes as written, or
 * already parsed (`parsedMessages`): the browser's scripts carry no ICU parser, so every message with a placeholder
 * reaches them parsed (web/vite.config.ts).
 *
 * The bundles use four of ICU's elements (text, `{0}`, plural and its `#`): they are formatted here from FormatJS's
 * parsed elements rather than by intl-messageformat, whose general formatter was a twentieth of the sign-in page's
 * script (docs/benchmarks.md, figure 3). An element of another kind is refused, as a message nobody can read right.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { languageTag } from './constants.js';

/** A message as written (plain text, or ICU with placeholders), or parsed into FormatJS's elements. */
export type MessageSource = string | MessageFormatElement[];
export type MessageParams = readonly (string | number)[];
export type FormatMessage = (source: MessageSource, params?: MessageParams) => string;
/** The service's parser, given once (server/src/i18n): the browser is given every message with a placeholder parsed. */
type Parse = (message: string) => MessageFormatElement[];

/** FormatJS's element types (its TYPE enum, by value: the parser-less build the browser carries has no enum). */
const LITERAL = 0;
const ARGUMENT = 1;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

interface Formatting {
  values: MessageParams;
  plural: Intl.PluralRules;
  number: Intl.NumberFormat;
}

function valueOf(name: string, { values }: Formatting): string | number {
  const value = values[Number(name)];
  if (value === undefined) throw new Error(`The message needs a value for {${name}}`);
  return value;
}

function formatElements(elements: readonly MessageFormatElement[], with_: Formatting, count?: number): string {
  let text = '';
  for (const element of elements) {
    if (element.type === LITERAL) text += element.value;
    else if (element.type === ARGUMENT) text += String(valueOf(element.value, with_));
    else if (element.type === POUND && count !== undefined) text += with_.number.format(count);
    else if (element.type === SELECT) {
      const value = String(valueOf(element.value, with_));
      text += formatElements((element.options[value] ?? element.options.other)?.value ?? [], with_, count);
    } else if (element.type === PLURAL) {
      const value = Number(valueOf(element.value, with_));
      const offset = value - element.offset;
      const option = element.options[`=${value}`] ?? element.options[with_.plural.select(offset)];
      text += formatElements((option ?? element.options.other)?.value ?? [], with_, offset);
    } else throw new Error(`Messages of ICU element type ${element.type} are not formatted here`);
  }
  return text;
}

/** A formatter for one locale; a written message is parsed by `parse` once and kept for the next call. */
export function messageFormatter(locale: string, parse?: Parse): FormatMessage {
  const tag = languageTag(locale);
  const plural = new Intl.PluralRules(tag);
  const number = new Intl.NumberFormat(tag);
  const written = new Map<string, MessageFormatElement[]>();
  const elementsOf = (source: MessageSource) => {
    if (typeof source !== 'string') return source;
    if (!parse) throw new Error('A written message with placeholders needs the parser');
    let elements = written.get(source);
    if (!elements) written.set(source, (elements = parse(source)));
    return elements;
  };
  return (source, params = []) => {
    if (typeof source === 'string' && !source.includes('{')) return source;
    return formatElements(elementsOf(source), { values: params, plural, number });
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
