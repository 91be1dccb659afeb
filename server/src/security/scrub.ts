/**
 * Makes text from a browser safe to write to the log: line breaks and control characters are neutralised (no forged
 * log lines), and anything that looks like a secret is replaced, by the name it is given or by its shape.
 */
const SECRET_NAME = /pass(word|code|wd)?|pin|answer|questionresponse|secret|token|cookie|credential|session|authori[sz]ation|otp/i;
const REDACTED = '[redacted]';

// name=value, name: value, "name":"value" where the name sounds secret; the value runs to a separator.
const NAMED_VALUE = new RegExp(`((?:${SECRET_NAME.source})[\\w-]*["']?\\s*[:=]\\s*["']?)([^"'\\s&;,}]+)`, 'gi');
// The portal's own cookies and any 4-digit-or-longer number (PINs, 8-digit tokencodes, card numbers).
const COOKIE_VALUE = /\b((?:sec-token|__Host-portal-session|portal-session|user_id)=)[^;\s&]+/gi;
const LONG_NUMBER = /\b\d{4,}\b/g;

export function neutralise(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\r\n|\r|\n/g, ' \u21b5 ').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\ufffd');
}

export function scrubText(text: string): string {
  return neutralise(text).replace(COOKIE_VALUE, `$1${REDACTED}`).replace(NAMED_VALUE, `$1${REDACTED}`).replace(LONG_NUMBER, REDACTED);
}

export function scrubAttribute(key: string, value: string): { key: string; value: string } {
  const safeKey = neutralise(key);
  return { key: safeKey, value: SECRET_NAME.test(key) ? REDACTED : scrubText(value) };
}
