/**
 * X.509 certificates as the SAML settings hold them: one or several PEM blocks in one environment variable (a
 * provider's yearly rollover lists the old and the new one), or the base64 of a metadata document's X509Certificate.
 */
import { X509Certificate } from 'node:crypto';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** The base64 DER of a certificate as a PEM block, 64 characters a line. */
export function pemOf(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * Every certificate in `text` (PEM blocks, or a bare base64 certificate as older settings held it), each checked to
 * parse; throws naming `what` when one does not, or when there is none.
 */
export function certificatesIn(text: string, what: string): string[] {
  const blocks = text.match(PEM_BLOCK) ?? (text.includes('-----BEGIN') ? [] : [pemOf(text)]);
  if (blocks.length === 0) throw new Error(`${what} holds no certificate`);
  return blocks.map((pem, index) => {
    try {
      return new X509Certificate(pem).toString();
    } catch {
      throw new Error(`${what}: certificate ${index + 1} of ${blocks.length} does not parse`);
    }
  });
}

/** A certificate's fingerprint, for log lines that say which certificates are in use (never the certificate). */
export const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;
