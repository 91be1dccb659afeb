import { describe, expect, it } from 'vitest';
import { basicCredential } from './client-auth.js';

/** How a provider that form-decodes Basic credentials (RFC 6749 §2.3.1) reads one. */
const decoded = (sent: string) => decodeURIComponent(sent.replace(/\+/g, ' '));

describe("client_secret_basic's credentials", () => {
  it('sends as they are the characters that read the same whether the provider decodes them or not', () => {
    for (const value of ['card-portal', 'foxmere-portal', 'a.b_c~d', 'x!*\'()$&,;=/?@[]{}|^`<>#"\\']) {
      expect(basicCredential(value, 'id')).toBe(value);
      expect(decoded(basicCredential(value, 'id'))).toBe(value);
    }
    // A `:` ends the client ID in the Basic credentials, not the secret.
    expect(basicCredential('s3cr:et', 'secret')).toBe('s3cr:et');
  });

  it('form-encodes the others, so a provider that decodes reads the value the record holds', () => {
    const cases: [string, 'id' | 'secret', string][] = [
      ['app:1', 'id', 'app%3A1'],
      ['50%+1', 'secret', '50%25%2B1'],
      ['two words', 'secret', 'two+words'],
      ['clé', 'secret', 'cl%C3%A9'],
    ];
    for (const [value, part, sent] of cases) {
      expect(basicCredential(value, part)).toBe(sent);
      expect(decoded(sent)).toBe(value);
    }
  });
});
