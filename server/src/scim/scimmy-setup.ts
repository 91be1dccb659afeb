/**
 * SCIM's schemas and service description, declared once to scimmy (whose declarations are the process's own): the
 * core User with the portal's extension for the cobrand (and a password hash at creation), and what the service
 * supports: PATCH and filters, no bulk, sort, ETags or password change.
 */
import SCIMMY from 'scimmy';

export const SCIM_PREFIX = '/scim/v2';
export const PORTAL_USER = 'urn:ietf:params:scim:schemas:extension:portal:2.0:User';
export const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** The most users a list answers at once (ServiceProviderConfig's filter.maxResults). */
export const MAX_RESULTS = 200;

let declared = false;

export function declareScim(): void {
  if (declared) return;
  declared = true;
  const { Types, Resources, Config } = SCIMMY;
  const extension = new Types.SchemaDefinition('PortalUser', PORTAL_USER, "The portal's own attributes of a user", [
    new Types.Attribute('string', 'cobrand', {
      caseExact: true,
      mutable: 'immutable',
      description: 'The cobrand the user signs in to; a key limited to one cobrand makes it the default',
    }),
    new Types.Attribute('string', 'passwordHash', {
      caseExact: true,
      mutable: 'writeOnly',
      returned: 'never',
      description:
        'At creation, instead of a password: the hash the old directory held (PHC, bcrypt, {SSHA...}), within the import ceilings',
    }),
  ]);
  // scimmy's types name a Schema class here; a bare definition is what an extension is (its documentation's way).
  // The enterprise extension is declared so that Entra ID's default mappings (department, employeeNumber, manager)
  // are taken; the portal keeps none of its values (docs/decisions.md).
  Resources.declare(Resources.User.extend(extension as never, false).extend(SCIMMY.Schemas.EnterpriseUser, false));
  Config.set({
    patch: true,
    filter: { supported: true, maxResults: MAX_RESULTS },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    sort: false,
    etag: false,
    changePassword: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'API key',
        description: 'A key made with `npm run portal -- api-keys create --scopes scim`, sent as a bearer token',
      },
    ],
  });
  for (const resource of [Resources.User, Resources.Schema, Resources.ResourceType, Resources.ServiceProviderConfig])
    resource.basepath(SCIM_PREFIX);
}
