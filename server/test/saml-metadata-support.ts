/**
 * What the metadata tests do with SimpleSAMLphp beyond the harness (simplesamlphp.ts): SimpleSAMLphp's own reading
 * of a metadata document (the converter an identity team uses, run by PHP), the OASIS metadata schema checked by
 * libxml2, the AuthnRequest the portal sends, and a key change at a running provider (a rollover's switch).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SIMPLESAMLPHP, type KeyPair, type SimpleSamlPhp } from './simplesamlphp.js';

const php = (code: string, input: string) =>
  execFileSync('php', ['-r', code], { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });

/**
 * The saml20-sp-remote entry SimpleSAMLphp makes of an SP metadata document (its SAMLParser, as its metadata
 * converter page uses it), without the copy of the document it keeps beside.
 */
export function simpleSamlPhpEntry(xml: string): Record<string, unknown> {
  const code = `require '${SIMPLESAMLPHP}/lib/_autoload.php';
    $entities = \\SimpleSAML\\Metadata\\SAMLParser::parseDescriptorsString(stream_get_contents(STDIN));
    $entry = array_values($entities)[0]->getMetadata20SP();
    unset($entry['entityDescriptor']);
    echo json_encode($entry);`;
  return JSON.parse(php(code, xml)) as Record<string, unknown>;
}

/** libxml2's complaints about `xml` against the OASIS SAML 2.0 metadata schema (SimpleSAMLphp ships it); none: valid. */
export function metadataSchemaErrors(xml: string): string[] {
  const code = `libxml_use_internal_errors(true);
    $document = new DOMDocument();
    $document->loadXML(stream_get_contents(STDIN));
    $document->schemaValidate('${SIMPLESAMLPHP}/schemas/saml-schema-metadata-2.0.xsd');
    foreach (libxml_get_errors() as $error) echo trim($error->message), "\\n";`;
  return php(code, xml).split('\n').filter(Boolean);
}

/** The AuthnRequest in an HTTP-Redirect address: the document, and its Issuer. */
export function authnRequestIn(location: string): { issuer: string; xml: string } {
  const encoded = new URL(location).searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const issuer = document.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0];
  return { issuer: issuer?.textContent ?? '', xml };
}

/**
 * Makes a running SimpleSAMLphp sign with `pair` from its next request on: a provider's switch to its new key, keeping
 * its address and entity ID (a new process would have another port). SimpleSAMLphp reads its key files at each
 * request; the harness keeps them in its folder's `cert/`.
 */
export function signWith(ssp: SimpleSamlPhp, pair: KeyPair): void {
  const dir = (ssp as unknown as { dir: string }).dir;
  writeFileSync(join(dir, 'cert', 'idp.key'), pair.key);
  writeFileSync(join(dir, 'cert', 'idp.crt'), pair.cert);
  ssp.signing = pair;
}
