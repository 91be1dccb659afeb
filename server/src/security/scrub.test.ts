/**
 * The scrubber on lines a browser's error log really sends (security checklist 42): each line holds secrets or a
 * person's data that must not reach the server log, and words around them that must.
 */
import { describe, expect, it } from 'vitest';
import { neutralise, scrubAttribute, scrubText } from './scrub.js';

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vcGFzcyIsImlhdCI6MTUxNjIzOTAyMn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** [line, what must be gone, what must stay]. */
const CORPUS: [string, string[], string[]][] = [
  ['{"password": "correct horse battery staple"}', ['correct', 'horse', 'battery', 'staple'], ['password']],
  ['{"password":"Tr0ub4dor&3"}', ['Tr0ub4dor'], ['password']],
  ['pwd=PwdSecretValue99', ['PwdSecretValue99'], ['pwd=']],
  [
    'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlX2hlcmU',
    ['eyJhbGci', 'c2lnbmF0dXJl'],
    ['Authorization'],
  ],
  [
    'authorization: Basic ZGVtb3Bhc3M6UG9ydGFsLURlbW8tMjAyNg==',
    ['ZGVtb3Bhc3M6UG9ydGFsLURlbW8tMjAyNg'],
    ['authorization'],
  ],
  [
    `token expired: ${JWT}`,
    ['SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', 'eyJzdWIiOiJkZW1vcGFzcyIsImlhdCI6MTUxNjIzOTAyMn0'],
    ['expired'],
  ],
  [`jwt in text ${JWT} after`, ['SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'], ['jwt in text', 'after']],
  [
    'mail to jane.doe+cards@skerrymoor-bank.example failed',
    ['jane.doe', 'skerrymoor-bank.example'],
    ['mail to', 'failed'],
  ],
  ['user Maria.Lopez@example.co.uk not found', ['Maria.Lopez', 'example.co.uk'], ['not found']],
  ['card 4111 1111 1111 1111 declined', ['4111 1111', '1111 1111'], ['declined']],
  ['card 4111-1111-1111-1111 declined', ['4111-1111'], ['declined']],
  ['pan=5500005555555559', ['5500005555555559'], ['pan=']],
  ['account 12345678901234 closed', ['12345678901234'], ['closed']],
  ['IBAN check of 000123456789 failed', ['000123456789'], ['failed']],
  ['passcode=246812345678', ['246812345678'], ['passcode=']],
  ['newPin=2468&confirmPin=2468', ['2468'], ['newPin=', 'confirmPin=']],
  ['"newPin":"1357"', ['1357'], ['newPin']],
  ['PIN entered: 9753', ['9753'], ['PIN entered']],
  ['tokencode 12345678 rejected', ['12345678'], ['rejected']],
  ['{"questionResponse":"blue volvo"}', ['blue', 'volvo'], ['questionResponse']],
  ["{'answer': 'harbor view'}", ['harbor', 'view'], ['answer']],
  ['answer=harbor', ['harbor'], ['answer=']],
  ['security answer: my first dog rex', ['first dog', 'rex'], ['security answer']],
  [
    'oldCredential=Portal-Demo-2026 newCredential=Portal-New-2027',
    ['Portal-Demo-2026', 'Portal-New-2027'],
    ['oldCredential', 'newCredential'],
  ],
  [
    '{"oldCredential":"a b c","newCredential":"d e f","userId":"demopass"}',
    ['"a b c"', '"d e f"'],
    ['oldCredential', 'userId'],
  ],
  [
    'Cookie: sec-token=abcdefghij0123456789; portal-session=s3cr3tsessionvalue',
    ['abcdefghij0123456789', 's3cr3tsessionvalue'],
    ['Cookie'],
  ],
  ['set-cookie: portal-session=zzzzzzzzzzzz; Path=/; HttpOnly', ['zzzzzzzzzzzz'], ['set-cookie']],
  ['document.cookie = "sec-token=Q1w2E3r4T5y6U7i8O9p0"', ['Q1w2E3r4T5y6U7i8O9p0'], ['document.cookie']],
  ['X-XSRF-TOKEN: Q1w2E3r4T5y6U7i8O9p0', ['Q1w2E3r4T5y6U7i8O9p0'], ['X-XSRF-TOKEN']],
  ['x-csrf-token=Q1w2E3r4T5y6U7i8O9p0', ['Q1w2E3r4T5y6U7i8O9p0'], ['x-csrf-token']],
  ['client_secret=8f7e6d5c4b3a', ['8f7e6d5c4b3a'], ['client_secret']],
  ['api_key: AKIAIOSFODNN7EXAMPLE', ['AKIAIOSFODNN7EXAMPLE'], ['api_key']],
  ['apiKey="sk_live_51HxYzAbCdEf"', ['sk_live_51HxYzAbCdEf'], ['apiKey']],
  ['refresh_token=def50200abc', ['def50200abc'], ['refresh_token']],
  ['{"access_token":"ya29.a0Af-secret","expires_in":3599}', ['ya29.a0Af-secret'], ['access_token', 'expires_in']],
  ['sessionId=9f8e7d6c5b4a39281706', ['9f8e7d6c5b4a39281706'], ['sessionId']],
  ['otp: 551234', ['551234'], ['otp']],
  [
    'GET https://portal.example/sdportal/rest/login/info?username=janedoe failed',
    ['janedoe'],
    ['/sdportal/rest/login/info', 'failed'],
  ],
  [
    'POST /pkmslogin.form?username=u123abc&password=hunter2hunter2 500',
    ['u123abc', 'hunter2hunter2'],
    ['/pkmslogin.form', '500'],
  ],
  [
    'redirect to /public-portal-ui/next-token-component?authn_attempt_id=abc123&in_response_to=xyz',
    ['abc123', 'xyz'],
    ['next-token-component'],
  ],
  ['passphrase: open sesame now', ['open sesame'], ['passphrase']],
  ['Password: correct horse battery staple', ['correct horse'], ['Password']],
  ['{"user":{"password":"with \\"quotes\\" inside"}}', ['with', 'quotes', 'inside'], ['user', 'password']],
  ['credentials={user:demopass,pass:Portal-Demo-2026}', ['Portal-Demo-2026'], ['credentials']],
  ['auth=Zm9vOmJhcg==', ['Zm9vOmJhcg'], ['auth=']],
  [
    'Authorization: Negotiate YIIGhgYJKoZIhvcSAQICAQBuggZ1MIIGcaADAgEFoQMCAQ6i',
    ['YIIGhgYJKoZIhvcSAQICAQBuggZ1MIIGcaADAgEFoQMCAQ6i'],
    ['Authorization'],
  ],
  ['cvv=123 for card ending', ['cvv=123'], ['for card ending']],
  [
    'form {"username":"demopass","password":"Portal-Demo-2026","login-form-type":"password"}',
    ['Portal-Demo-2026'],
    ['username', 'login-form-type'],
  ],
  ['contact: john_smith99@mail.example.org', ['john_smith99', 'mail.example.org'], ['contact']],
  ['card number 378282246310005 (amex)', ['378282246310005'], ['(amex)']],
  ['failed PIN change for 1234', ['1234'], ['failed PIN change']],
  [
    'line one\nAuthorization: Bearer abc.def.ghi-secret-token\nline three',
    ['abc.def.ghi-secret-token'],
    ['line one', 'line three'],
  ],
  [
    "TypeError: Cannot read properties of undefined (reading 'map') at SignInScreen",
    [],
    ["TypeError: Cannot read properties of undefined (reading 'map') at SignInScreen"],
  ],
  ['logout labels failed: HTTP 503', [], ['logout labels failed: HTTP 503']],
  ['cobrand skerrymoor stylesheet lookup failed', [], ['cobrand skerrymoor stylesheet lookup failed']],
];

describe('scrubText', () => {
  it('holds a corpus of at least fifty real-looking lines', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(CORPUS)('scrubs %j', (line, gone, kept) => {
    const scrubbed = scrubText(line);
    for (const secret of gone) expect(scrubbed, scrubbed).not.toContain(secret);
    for (const word of kept) expect(scrubbed, scrubbed).toContain(word);
    expect(scrubbed).not.toMatch(/[\r\n]/);
  });

  it('turns line breaks and control characters into visible marks, so no line can be forged', () => {
    expect(neutralise('a\r\nb\u0000c\u2028d')).toBe('a \u21b5 b\ufffdc\ufffdd');
  });
});

describe('scrubAttribute', () => {
  it('hides the whole value of an attribute whose key names a secret', () => {
    expect(scrubAttribute('userPassword', 'anything at all')).toEqual({ key: 'userPassword', value: '[redacted]' });
    expect(scrubAttribute('x-auth-token', 'abc')).toEqual({ key: 'x-auth-token', value: '[redacted]' });
  });

  it('scrubs the value of any other attribute by its shape', () => {
    expect(scrubAttribute('screen', 'sign-in for jane@example.com')).toEqual({
      key: 'screen',
      value: 'sign-in for [email]',
    });
  });
});
