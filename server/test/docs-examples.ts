/**
 * The JSON examples docs/operations.md tells a bank to copy, read from the document itself (without the service's
 * modules, so the browser tests read them too): a test that signs in with one fails when the docs change it into one
 * that does not work.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const OPERATIONS = fileURLToPath(new URL('../../docs/operations.md', import.meta.url));

/** The first ```json example after the line that starts with `intro`, as written. */
export function exampleAfter(intro: string): string {
  const text = readFileSync(OPERATIONS, 'utf8');
  const at = text.split('\n').findIndex((line) => line.startsWith(intro));
  if (at < 0) throw new Error(`docs/operations.md has no line starting "${intro}"`);
  const after = text.split('\n').slice(at).join('\n');
  const block = /```json\n([\s\S]*?)\n```/.exec(after)?.[1];
  if (!block) throw new Error(`no JSON example after "${intro}"`);
  return block;
}

/** The staff identity provider's file of "Help-desk operators", as the docs give it: an OpenID Connect record. */
export const docsStaffRecord = () =>
  JSON.parse(exampleAfter('**The staff identity provider.**')) as {
    protocol: 'oidc';
    issuer: string;
    clientId: string;
    clientSecretEnv?: string;
    scopes: string;
    userClaim: string;
  };
