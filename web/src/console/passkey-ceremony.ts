/**
 * The console's two passkey ceremonies through the browser's own JSON forms of WebAuthn (`parse…OptionsFromJSON`,
 * `toJSON`), which the browsers a bank's staff use have: the console takes none of the WebAuthn library, whose parts
 * the portal's public pages share in chunks sized for the sign-in page's budget (docs/benchmarks.md, figure 3); a
 * page that imported them too would split them off that page into a chunk of their own.
 */

/** Whether this browser has WebAuthn's JSON forms (where it has not, the console offers the code only). */
export const passkeysInThisBrowser = (): boolean =>
  typeof PublicKeyCredential !== 'undefined' && 'parseRequestOptionsFromJSON' in PublicKeyCredential;

function answered(credential: Credential | null): PublicKeyCredentialJSON {
  if (!(credential instanceof PublicKeyCredential)) throw new Error('the browser gave no passkey');
  return credential.toJSON();
}

/** The browser's passkey answering a sign-in's options. */
export async function signWithPasskey(
  options: PublicKeyCredentialRequestOptionsJSON,
): Promise<PublicKeyCredentialJSON> {
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(options);
  return answered(await navigator.credentials.get({ publicKey }));
}

/** A new passkey in the browser, for a registration's options. */
export async function makePasskey(options: PublicKeyCredentialCreationOptionsJSON): Promise<PublicKeyCredentialJSON> {
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options);
  return answered(await navigator.credentials.create({ publicKey }));
}
