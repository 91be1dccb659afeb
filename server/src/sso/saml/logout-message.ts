/**
 * A single logout message as it arrives (HTTP-Redirect query or HTTP-POST form) and its checks with node-saml. Where
 * node-saml falls short they are made here: it takes an HTTP-Redirect message with no signature as valid, reads a
 * redirected LogoutResponse's status before its signature, and checks neither the issuer nor the status of a posted
 * LogoutResponse.
 */
import { inflateRawSync } from 'node:zlib';
import type { SAML } from '@node-saml/node-saml';

export interface LogoutMessage {
  SAMLRequest?: string | undefined;
  SAMLResponse?: string | undefined;
  RelayState?: string | undefined;
  SigAlg?: string | undefined;
  Signature?: string | undefined;
}

const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';
/** SHA-1 signatures can be forged at a cost within reach: only SHA-2 ones end sessions. */
const STRONG_SIG_ALGS = new Set(
  ['rsa-sha256', 'rsa-sha384', 'rsa-sha512'].map((alg) => `http://www.w3.org/2001/04/xmldsig-more#${alg}`),
);
/** A logout message is a few kilobytes: more than this inflated is refused rather than held in memory. */
const MAX_XML_BYTES = 256 * 1024;

/** The message's XML: deflated in an HTTP-Redirect query, plain in a posted form; '' when it cannot be read. */
export function xmlOf(message: LogoutMessage, rawQuery: string | null): string {
  const encoded = Buffer.from(message.SAMLRequest ?? message.SAMLResponse ?? '', 'base64');
  try {
    const xml = rawQuery === null ? encoded : inflateRawSync(encoded, { maxOutputLength: MAX_XML_BYTES });
    return xml.toString('utf8');
  } catch {
    return '';
  }
}

/** The status a LogoutResponse carries (with its second-level code, where there is one), for the log. */
export function statusOf(message: LogoutMessage, rawQuery: string | null): string {
  const codes = [...xmlOf(message, rawQuery).matchAll(/<(?:[\w.-]+:)?StatusCode\b[^>]*\sValue="([^"]*)"/g)];
  return codes.length ? codes.map((code) => code[1]).join(' / ') : '(none)';
}

/** When the provider issued the message (epoch ms), NaN when it does not say. */
export function issueInstantOf(message: LogoutMessage, rawQuery: string | null): number {
  const root = /<(?:[\w.-]+:)?Logout(?:Request|Response)\b[^>]*\sIssueInstant="([^"]*)"/.exec(xmlOf(message, rawQuery));
  return Date.parse(root?.[1] ?? '');
}

interface RedirectSignature {
  hasValidSignatureForRedirect(message: LogoutMessage, rawQuery: string): Promise<unknown>;
}

/** The message once its signature by the provider's certificate, its issuer and its deadlines are checked. */
export async function verifiedLogout(saml: SAML, message: LogoutMessage, rawQuery: string | null) {
  if (rawQuery !== null) {
    if (!message.Signature || !message.SigAlg) throw new Error('not signed (no Signature in the query)');
    if (!STRONG_SIG_ALGS.has(message.SigAlg)) throw new Error(`signature algorithm ${message.SigAlg} not accepted`);
    // node-saml's own check, made before the status is read (it throws on a wrong signature).
    await (saml as unknown as RedirectSignature).hasValidSignatureForRedirect(message, rawQuery);
    return saml.validateRedirectAsync({ ...message }, rawQuery);
  }
  if (message.SAMLRequest) return saml.validatePostRequestAsync({ SAMLRequest: message.SAMLRequest });
  const result = await saml.validatePostResponseAsync({ SAMLResponse: message.SAMLResponse ?? '' });
  if (!result.loggedOut || result.profile) throw new Error('not a LogoutResponse');
  const xml = xmlOf(message, rawQuery);
  const issuer = /<(?:[\w.-]+:)?Issuer\b[^>]*>([^<]*)</.exec(xml)?.[1];
  if (issuer !== saml.options.idpIssuer) throw new Error(`Unknown SAML issuer. Received: ${issuer ?? '(none)'}`);
  const status = statusOf(message, rawQuery);
  if (!status.startsWith(SUCCESS)) throw new Error(`Bad status code: ${status}`);
  return result;
}
