import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { messageFormatter, parsedMessages } from './format-message.js';

const parser = (text: string) => parse(text);
const MESSAGES = [
  'Plain text',
  'Hello {0}, you have {1} tries',
  '{0, plural, one {# minute} other {# minutes}} left for {1}',
  '{0, plural, =0 {none} one {one item} few {# items (few)} many {# items (many)} other {# items}}',
  '{0, plural, offset:1 =0 {nobody} =1 {{1}} one {{1} and # other} other {{1} and # others}}',
  "It''s '{'literal'}' {0}",
];
const VALUES: (string | number)[][] = [
  [0, 'Ann'],
  [1, 'Ann'],
  [2, 'Ann'],
  [5, 'Ann'],
  [22, 'Ann'],
  [1234, 'Ann'],
];

describe('messageFormatter', () => {
  // The portal's own formatting of the bundles' four ICU elements answers as FormatJS's general formatter does.
  for (const locale of ['en_US', 'ru', 'pl', 'fr', 'ja', 'de'])
    it(`formats as intl-messageformat does in ${locale}`, () => {
      const format = messageFormatter(locale, parser);
      const tag = locale.replace('_', '-');
      for (const message of MESSAGES)
        for (const values of VALUES)
          expect(format(message, values)).toBe(
            String(new IntlMessageFormat(message, tag).format(Object.fromEntries(values.map((v, i) => [i, v])))),
          );
    });

  it('formats parsed messages without a parser, as the browser does', () => {
    const parsed = parsedMessages({ left: '{0, plural, one {# day} other {# days}}' }, parser);
    expect(messageFormatter('en_US')(parsed.left!, [30])).toBe('30 days');
  });

  it('refuses a message missing a value rather than show a placeholder', () => {
    expect(() => messageFormatter('en_US', parser)('Hello {0}', [])).toThrow();
  });
});
