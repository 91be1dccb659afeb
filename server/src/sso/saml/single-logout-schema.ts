/** What a SAML single logout message carries, in the query (HTTP-Redirect) or a posted form (HTTP-POST). */
import { Type } from 'typebox';

const Base64 = (maxLength: number) => Type.Optional(Type.String({ minLength: 1, maxLength }));

export const SingleLogoutSchema = Type.Object({
  SAMLRequest: Base64(200_000),
  SAMLResponse: Base64(200_000),
  /** Handed back to the provider as it came (SimpleSAMLphp's are longer than SAML's advised 80 bytes). */
  RelayState: Type.Optional(Type.String({ maxLength: 1000 })),
  SigAlg: Type.Optional(Type.String({ maxLength: 200 })),
  Signature: Base64(2_000),
});
