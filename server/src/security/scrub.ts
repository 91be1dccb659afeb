/**
 * Makes text from a browser safe to write to the log: line breaks and control characters are neutralised (no forged
 * log lines), and anything that looks like a secret or a person's data is replaced, by the name it is given or by its
 * shape. It errs on the side of hiding: a redacted word costs a reader less than a leaked password costs a bank.
 */
const REDACTED = '[redacted]';

/** Names whose value is a secret, found anywhere in a key: `password`, `newPin`, `x-auth-token`, `client_secret`. */
const SECRET_NAME =
  /pass(?:word|code|wd|phrase)?|pwd|pin|answer|questionresponse|secret|token|cookie|credential|session|sid\b|authori[sz]ation|auth|otp|api[-_]?key|private[-_]?key|cvv|cvc/i;
const KEY = `[\\w.-]*(?:${SECRET_NAME.source})[\\w.-]*`;

const RULES: readonly [RegExp, string][] = [
  // Whole cookie headers: every pair in them is the portal's or the bank's session.
  [/\b((?:set-)?cookie\s*:\s*)[^↵]*/gi, `$1${REDACTED}`],
  // HTTP credentials in any header or text: `Bearer <token>`, `Basic <base64>`.
  [/\b(bearer|basic|digest|negotiate)\s+[\w.~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  // JWTs (three base64url parts, the first a JSON header) wherever they stand.
  [/\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, REDACTED],
  // URL query strings hold user IDs, codes and tokens; the path is enough to follow a fault.
  [/((?:https?:\/\/[^\s/?#"'<>]+)?\/[^\s?#"'<>]*)\?[^\s#"'<>]+/gi, `$1?${REDACTED}`],
  // "name": "value" and 'name': 'value', with the whole quoted value, spaces and escapes included.
  [new RegExp(`(${KEY}\\\\?["']?\\s*[:=]\\s*\\\\?")((?:[^"\\\\]|\\\\.)*)`, 'gi'), `$1${REDACTED}`],
  [new RegExp(`(${KEY}["']?\\s*[:=]\\s*')([^']*)`, 'gi'), `$1${REDACTED}`],
  // name=value and name: value, up to the next separator (a `key: value` phrase runs to the end of its clause).
  [new RegExp(`(${KEY}["']?[ \\t]*=[ \\t]*)([^\\s"'&;,}\\]]+)`, 'gi'), `$1${REDACTED}`],
  [new RegExp(`(${KEY}["']?[ \\t]*:[ \\t]*)([^"'&;,}\\]↵\\s][^"'&;,}\\]↵]*)`, 'gi'), `$1${REDACTED}`],
  // E-mail addresses are a person's data.
  [/[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi, '[email]'],
  // Card and account numbers, grouped or not (12 to 19 digits), then any other number of 4 digits or more: PINs,
  // 8-digit tokencodes, sort codes.
  [/\b\d(?:[ -]?\d){11,18}\b/g, REDACTED],
  [/\b\d{4,}\b/g, REDACTED],
];

export function neutralise(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' \u21b5 ').replace(/[\p{Cc}\u2028\u2029]/gu, '\ufffd');
}

export function scrubText(text: string): string {
  return RULES.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), neutralise(text));
}

export function scrubAttribute(key: string, value: string): { key: string; value: string } {
  const safeKey = neutralise(key);
  return { key: safeKey, value: SECRET_NAME.test(key) ? REDACTED : scrubText(value) };
}
