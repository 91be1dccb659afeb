/**
 * Generated inputs for test/fuzz.test.ts: hostile strings, JSON values and raw JSON texts, form and query encodings,
 * path segments, content types, header values and cookie headers. Nothing here knows the service; fuzz.test.ts
 * combines these per route.
 */
import fc, { type Arbitrary } from 'fast-check';

/** Stands for "leave this field out" in a generated object. */
export const MISSING: unique symbol = Symbol('missing');
export type Maybe<T> = T | typeof MISSING;

/**
 * Characters that break naive code: NUL and other controls, bidi and zero-width marks, combining marks, lone
 * surrogates, astral and ZWJ emoji, characters whose case mapping changes the length, separators, and the
 * characters that mean something in URLs, forms, cookies, JSON, HTML, SQL and ICU messages.
 */
export const EDGE_CHARS: readonly string[] = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u000c',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u0301',
  '\u0308',
  '\u0336',
  '\u20dd',
  '\u0489',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u{1f600}',
  '\u{1f469}\u{1f3fd}\u200d\u{1f4bb}',
  '\u{1f3f3}\ufe0f\u200d\u{1f308}',
  '\u{10ffff}',
  '\ufffd',
  '\uffff',
  '\ufffe',
  '\u0130',
  '\u0131',
  '\u00df',
  '\ufb03',
  '\u03a3',
  '\u01c5',
  '\u13a0',
  '\u1e9e',
  '\u2028',
  '\u2029',
  '\u3000',
  '\u1680',
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '&',
  '=',
  '+',
  ';',
  ',',
  '"',
  "'",
  '`',
  '<',
  '>',
  '\\',
  '/',
  '..',
  '../',
  '?',
  '#',
  '{0}',
  '{',
  '}',
  '$',
  '*',
  "' OR '1'='1",
  '<script>',
  '${7*7}',
  '\u0639',
  '\u05d0',
  '\u4e2d',
  '\u0e01',
  '\ua98f',
  '\u0915\u094d\u0937',
];

/** One "unit" of a hostile string: an edge character, any code point, or plain ASCII. */
const edgeUnit: Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_CHARS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
);

/** Code points, as JSON Schema's maxLength counts them (a lone surrogate counts as one). */
export const codePoints = (text: string): number => Array.from(text).length;
const repeatTo = (seed: string, count: number): string => {
  const unit = Array.from(seed);
  const out: string[] = [];
  while (out.length < count) out.push(...unit);
  return out.slice(0, count).join('');
};

/** A short hostile string (0-40 units). */
export const shortText = (maxLength = 40): Arbitrary<string> => fc.string({ unit: edgeUnit, maxLength });

/** Lengths at and around every limit the contract sets, and past the 16 KiB body limit. */
export const LIMIT_LENGTHS = [
  0, 1, 4, 8, 9, 16, 17, 63, 64, 65, 127, 128, 129, 200, 201, 255, 256, 500, 501, 2000, 2001, 2048, 2049, 8000, 16_383,
  16_385, 40_000,
];

/** A hostile string of exactly `length` code points, drawn from the given lengths. */
export const sizedText = (lengths: readonly number[] = LIMIT_LENGTHS): Arbitrary<string> =>
  fc
    .tuple(fc.string({ unit: edgeUnit, minLength: 1, maxLength: 3 }), fc.constantFrom(...lengths))
    .map(([seed, n]) => repeatTo(seed, n));

/** Any hostile string: short ones mostly, limit-sized and huge ones sometimes. */
export const anyText: Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: shortText() },
  { weight: 2, arbitrary: sizedText() },
);

/** A hostile string whose length is inside [min, max] code points: passes a length check, not necessarily anything else. */
export const textWithin = (min: number, max: number): Arbitrary<string> =>
  fc
    .oneof(
      { weight: 4, arbitrary: shortText(Math.min(max, 40)).map((s) => Array.from(s).slice(0, max).join('')) },
      { weight: 1, arbitrary: sizedText(LIMIT_LENGTHS.filter((n) => n >= min && n <= max).concat([min, max])) },
    )
    .filter((s) => codePoints(s) >= min && codePoints(s) <= max);

/** A hostile string longer than `max` code points. */
export const textOver = (max: number): Arbitrary<string> =>
  fc
    .tuple(
      fc.string({ unit: edgeUnit, minLength: 1, maxLength: 3 }),
      fc.constantFrom(max + 1, max + 2, max * 2 + 7, Math.max(max * 10, 4000)),
    )
    .map(([seed, n]) => repeatTo(seed, n));

/** Values of every JSON type but string, the ones a string field must refuse or coerce. */
export const nonString: Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 2, 5e-324, 1234, 2468, 12345678),
  fc.constant([]),
  fc.array(fc.oneof(fc.integer(), shortText(8)), { minLength: 1, maxLength: 4 }),
  fc.constant({}),
  fc.dictionary(shortText(8), shortText(8), { maxKeys: 3 }),
);

/** Values a required string field (minLength 1) can never accept, even after Fastify's type coercion. */
export const neverAString: Arbitrary<unknown> = fc.oneof(
  fc.constant(''),
  fc.constant(null),
  fc.constant({}),
  fc.dictionary(shortText(8), shortText(8), { minKeys: 1, maxKeys: 3 }),
  fc.tuple(shortText(8), shortText(8)).map(([a, b]) => [a, b]),
  fc.constant([]),
);

/** Values a required object field can never accept. */
export const neverAnObject: Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  shortText(12),
  fc.constant([]),
  fc.array(fc.integer(), { minLength: 2, maxLength: 3 }),
);

/** Object keys: the contract's field names (also slightly wrong), prototype names, hostile strings. */
export const FIELD_NAMES = [
  'userId',
  'locale',
  'cobrandName',
  'securityQuestionSTO',
  'securityQuestion',
  'questionId',
  'questionText',
  'questionResponse',
  'oldCredential',
  'newCredential',
  'newPin',
  'logEntries',
  'message',
  'level',
  'attributes',
  'key',
  'value',
  'username',
  'password',
  'login-form-type',
  'authn_attempt_id',
  'in_response_to',
  'referral_path',
  'cobrandHost',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  'userId ',
  'USERID',
  'user_id',
  'userid[]',
];
export const jsonKey: Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: shortText(12) },
);

/** Any JSON value, nested a little, with hostile strings and keys. */
export const jsonValue: Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    nonString,
    anyText,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(jsonKey, tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** Extra fields to mix into an object body. */
export const extraFields: Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.oneof(
    fc.constantFrom('extra', 'admin', 'isAdmin', 'role', 'status', 'failed_attempts', 'id', 'toString', 'constructor'),
    shortText(10),
  ),
  jsonValue,
  { maxKeys: 4 },
);

/** Builds the object, leaving out MISSING fields. */
export function objectOf(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== MISSING)
      Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const nested = (open: string, close: string, leaf: string, depth: number) =>
  open.repeat(depth) + leaf + close.repeat(depth);

/** JSON texts no value serialises to: broken syntax, prototype keys, BOMs, duplicate keys, deep nesting, huge numbers. */
export const rawJsonText: Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\n',
    '{',
    '}',
    '[',
    '"',
    '{"userId":',
    '{"userId":"demopass"',
    '"unterminated',
    'nul',
    'undefined',
    'NaN',
    'Infinity',
    '-',
    '+1',
    '01',
    '1e999',
    '-1e999',
    '[1,]',
    '{"a":1,}',
    "{'userId':'demopass'}",
    '{userId:"demopass"}',
    '{"a":1}{"b":2}',
    '"a""b"',
    '\ufeff"demopass"',
    '\ufeff{"userId":"demopass"}',
    '"\\ud800"',
    '"\\udfff\\ud800"',
    '"\\u0000"',
    '"a\\u0000b"',
    '"\\x41"',
    '"\\"',
    '"\u0000"',
    '"line\nbreak"',
    '{"__proto__":{"userId":"x"}}',
    '{"userId":"x","__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"userId":"a","userId":{"$ne":null}}',
    '{"userId":{"$gt":""}}',
    '[["demopass"]]',
    '{"logEntries":{"0":{"message":"m","level":"INFO"},"length":1}}',
    '1'.padEnd(400, '0'),
    `"${'\\u0000'.repeat(500)}"`,
    `"${'\\ud83d'.repeat(500)}"`,
    '{"newPin":1234}',
    '{"newPin":["1234"]}',
    '{"newPin":"0123"}',
  ),
  fc
    .tuple(fc.constantFrom(10, 100, 1000, 3000, 8000), fc.constantFrom('array', 'object', 'logEntries', 'userId'))
    .map(([depth, kind]) => {
      if (kind === 'array') return nested('[', ']', '"demopass"', depth);
      if (kind === 'object') return nested('{"userId":', '}', '"demopass"', Math.min(depth, 1500));
      if (kind === 'logEntries') return `{"logEntries":[{"message":${nested('[', ']', '"m"', depth)},"level":"INFO"}]}`;
      return `{"userId":${nested('{"a":', '}', '1', Math.min(depth, 1500))}}`;
    }),
  fc.tuple(anyText, fc.nat({ max: 40 })).map(([text, cut]) => JSON.stringify({ userId: text }).slice(0, -1 - cut)),
);

/** Bytes that are not UTF-8, UTF-16 and other encodings, and binary noise. */
export const rawBytes: Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(
    Buffer.from([0x22, 0xff, 0xfe, 0x22]),
    Buffer.from([0x22, 0xc0, 0xae, 0xc0, 0xae, 0x22]),
    Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]),
    Buffer.from([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22]),
    Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x22, 0x61, 0x22]),
    Buffer.from('"demopass"', 'utf16le'),
    Buffer.from('\ufeff{"userId":"demopass"}', 'utf16le'),
    Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]),
    Buffer.from([0x00, 0x00, 0x00, 0x00]),
  ),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
);

/** Payload sizes at and over the 16 KiB body limit, in bytes. */
export const BODY_LIMIT = 16 * 1024;
export const hugeJsonString: Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(BODY_LIMIT - 1, BODY_LIMIT, BODY_LIMIT + 1, BODY_LIMIT * 2, 200_000),
    fc.constantFrom('a', '\u00e9', '\u{1f600}', '\\u0000', ' '),
  )
  .map(([bytes, unit]) => {
    const unitBytes = Buffer.byteLength(unit);
    return `"${unit.repeat(Math.max(0, Math.floor((bytes - 2) / unitBytes)))}"`.padEnd(bytes, ' ');
  });

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD, as a browser sends them). */
export const percentEncode = (text: string): string =>
  Array.from(Buffer.from(text, 'utf8'))
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Encodings only a hand-made client sends: raw bytes, invalid escapes, half escapes. */
export const RAW_ESCAPES = [
  '%',
  '%%',
  '%Z',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AE',
  '%FF%FE',
  '%00',
  '%0D%0A',
  '%u0041',
  '+',
  '%2B',
  '%26',
  '%3D',
  '%23',
];

/** One side of a form pair or query pair, encoded. */
const encodedPart = (plain: Arbitrary<string>): Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: plain.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
    { weight: 1, arbitrary: fc.tuple(plain, fc.constantFrom(...RAW_ESCAPES)).map(([a, b]) => percentEncode(a) + b) },
    { weight: 1, arbitrary: shortText(10).map((s) => s.replace(/[&=#]/g, '')) },
  );

/** A form-encoded or query text from named pairs (values given) plus, sometimes, junk pairs, a duplicate, odd joiners. */
export function encodedPairs(pairs: Arbitrary<[string, string][]>, names: readonly string[]): Arbitrary<string> {
  const junk = fc.tuple(
    encodedPart(fc.oneof(fc.constantFrom(...names, ...FIELD_NAMES, '__proto__'), shortText(10))),
    encodedPart(anyText),
  );
  const sometimes = (weight: number) =>
    fc.oneof({ weight: 6 - weight, arbitrary: fc.constant(false) }, { weight, arbitrary: fc.constant(true) });
  return fc
    .record({
      given: pairs,
      more: fc.oneof(
        { weight: 2, arbitrary: fc.constant<[string, string][]>([]) },
        { weight: 1, arbitrary: fc.array(junk, { minLength: 1, maxLength: 4 }) },
      ),
      duplicate: sometimes(1),
      reversed: sometimes(2),
      joiner: fc.oneof(
        { weight: 8, arbitrary: fc.constant('&') },
        { weight: 1, arbitrary: fc.constantFrom('&&', ';', '&;') },
      ),
    })
    .map(({ given, more, duplicate, reversed, joiner }) => {
      const all = [
        ...given.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
        ...more.map(([k, v]) => `${k}=${v}`),
      ];
      if (duplicate && all.length > 0) all.push(all[0]!);
      return (reversed ? all.reverse() : all).join(joiner);
    });
}

/** A query string for a route with the given parameter names: mostly each of its own names once, with hostile values. */
export function queryString(names: readonly string[], plausible: Arbitrary<string>): Arbitrary<string> {
  const value = fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: anyText });
  const own = fc
    .tuple(
      ...names.map((name) =>
        fc
          .option(value, { freq: 5, nil: undefined })
          .map((v): [string, string][] => (v === undefined ? [] : [[name, v]])),
      ),
    )
    .map((lists) => lists.flat());
  return fc.oneof(
    { weight: 8, arbitrary: encodedPairs(own, names) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '?',
        '&',
        '=',
        '==',
        '&&&',
        '%',
        '[]',
        'a[b]=c',
        'a[]=1&a[]=2',
        'username[__proto__]=x',
        '__proto__[x]=1',
        '#fragment',
      ),
    },
    {
      weight: 1,
      arbitrary: sizedText([2000, 8000, 15_000])
        .map(percentEncode)
        .map((v) => `${names[0] ?? 'q'}=${v}`),
    },
  );
}

/** A path segment: real names, prototype names, hostile text, traversal, encoded NUL, invalid escapes, over-long. */
export const TRAVERSAL = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '..%2f',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2fpackage.json',
  '..%2f..%2f..%2fpackage.json',
  '%2e%2e%2f%2e%2e%2fdata%2fportal-secret',
  '..%5c..%5cpackage.json',
  '..\\..\\package.json',
  '%2e%2e%5c',
  '%252e%252e%252f',
  '%c0%ae%c0%ae%2f',
  '....%2f%2f',
  '.%2e/',
  '%2e./',
  'skerrymoor%2f..%2f..%2fcobrand.json',
  'skerrymoor%2fcobrand.json',
  '%00',
  'a%00b',
  '%00.png',
  'logo.jpg%00.css',
  'logo.jpg%00',
  'theme.css%00.js',
  '%2f',
  '%5c',
  '%2F%2F',
  '~',
  '%7e',
  ' ',
  '%20',
];
export const isTraversal = (segment: string): boolean => /\.\.|%2e|%252e|%c0%ae|%00|%2f|%5c|\\/i.test(segment);

export function pathSegment(realNames: readonly string[]): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realNames) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'valueOf',
        'default',
        'DEFAULT',
        'index.html',
      ),
    },
    {
      weight: 3,
      arbitrary: shortText(30)
        .filter((s) => s.length > 0)
        .map(percentEncode),
    },
    { weight: 3, arbitrary: fc.constantFrom(...TRAVERSAL) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_ESCAPES) },
    { weight: 1, arbitrary: fc.constantFrom(199, 200, 201, 1000, 8000).map((n) => 'a'.repeat(n)) },
    { weight: 1, arbitrary: sizedText([60, 64, 65, 100, 300]).map(percentEncode) },
  );
}

/** Header values as they can arrive on the wire (Latin-1 text, no CR/LF), sometimes huge. */
const headerChar = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 })
      .filter((c) => c >= ' ' && c !== '\u007f'),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constant('\t') },
);
export const headerValue: Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: headerChar, maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      '[object Object]',
      '*',
      '*/*',
      'text/html',
      'application/json',
      ',',
      ', , ,',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: headerChar, minLength: 1, maxLength: 4 }), fc.constantFrom(1000, 8000, 16_000, 64_000))
      .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n)),
  },
);

/** Content types: right, nearly right, wrong, malformed, huge. */
export const ODD_CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'Application/Json; Charset=UTF-8',
  'application/json;charset=utf-16',
  'application/json; charset=latin1',
  ' application/json',
  'application/json ; x=y',
  'application/json,text/plain',
  'application/jsonp',
  'application/vnd.api+json',
  'application/problem+json',
  'text/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'text/xml',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
  'APPLICATION/X-WWW-FORM-URLENCODED',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'application/csp-report',
  '*/*',
  'application/*',
  'application',
  '',
  ';',
  '/',
  'json',
  'application/json; charset=',
  'application/json; boundary="\\"',
  'application/json; charset=utf-8; charset=utf-16',
  `application/json; x=${'a'.repeat(3000)}`,
  'x'.repeat(5000),
];
export const contentType: Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES) },
  { weight: 1, arbitrary: headerValue },
);

/** Cookie headers full of noise: names and values the cookie parser has to survive. */
export const garbageCookies: Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      ';',
      ';;;',
      '=',
      '==',
      'a',
      'a=',
      '=a',
      'a=b=c',
      'a="b',
      'a="b;c"',
      'a=%',
      'a=%ZZ',
      'a=%E0%A4%A',
      '__proto__=x',
      'constructor=x',
      'user_locale=__proto__',
      'user_locale=constructor',
      'user_locale=en_US%00',
      'user_locale=xx_XX',
      `user_locale=${'a'.repeat(5000)}`,
      'sso_user=1',
      'sso_user=%00',
      'a=1; a=2; a=3',
      Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join('; '),
    ),
    fc
      .array(fc.tuple(fc.string({ unit: headerChar, maxLength: 12 }), fc.string({ unit: headerChar, maxLength: 40 })), {
        maxLength: 6,
      })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('; ')),
    headerValue,
  )
  .filter((text) => !/(^|[;\s])(sec-token|portal-session|__Host-portal-session)\s*=/.test(text));
