/**
 * A portal user as a SCIM User and back: `id` and `userName` are the portal's user ID, `name.formatted` (and
 * `displayName`) its one name, a single work e-mail, `active` unless the user is inactive (a locked user is still
 * provisioned), and the cobrand in the portal's extension.
 */
import SCIMMY from 'scimmy';
import type { UserView } from '../admin/index.js';
import { PORTAL_USER, SCIM_PREFIX } from './scimmy-setup.js';

type ScimUser = InstanceType<typeof SCIMMY.Schemas.User>;
type Attributes = ConstructorParameters<typeof SCIMMY.Schemas.User>[3];

export function scimData(user: UserView): Record<string, unknown> {
  return {
    id: user.userId,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.userId,
    ...(user.name ? { name: { formatted: user.name }, displayName: user.name } : {}),
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.status !== 'inactive',
    [PORTAL_USER]: { cobrand: user.cobrand },
    meta: { resourceType: 'User', created: user.createdAt, lastModified: user.updatedAt },
  };
}

/** The user as scimmy makes them, with only the attributes asked for (`attributes`, `excludedAttributes`). */
export const scimUser = (user: UserView, attributes?: Attributes): ScimUser =>
  new SCIMMY.Schemas.User(scimData(user), 'out', `${SCIM_PREFIX}/Users`, attributes);

const CORE_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

/**
 * The user as SCIM answers them. Without `attributes` or `excludedAttributes`, what scimmy makes of `scimData` (its
 * schemas and meta.location) is written out directly: scimmy checks and coerces every attribute of every user it is
 * given, about a millisecond of the service's thread a user, and a list answers up to 200 users at once. The
 * user-mapping test holds this to scimmy's own answer.
 */
export function scimAnswer(user: UserView, attributes?: Attributes): ScimUser | Record<string, unknown> {
  if (attributes) return scimUser(user, attributes);
  const { meta, ...data } = scimData(user);
  return {
    schemas: [CORE_USER, PORTAL_USER],
    ...data,
    meta: { ...(meta as object), location: `${SCIM_PREFIX}/Users/${user.userId}` },
  };
}

/** What a SCIM User asks the portal user to be; undefined: left as it is. */
export interface Wanted {
  userName: string;
  /** null: removed (a PATCH that removes it). */
  externalId?: string | null | undefined;
  name?: string | undefined;
  email?: string | undefined;
  active?: boolean | undefined;
  cobrand?: string | undefined;
  password?: string | undefined;
  passwordHash?: string | undefined;
}

interface Incoming {
  userName: string;
  externalId?: string;
  displayName?: string;
  name?: { formatted?: string; givenName?: string; middleName?: string; familyName?: string };
  emails?: { value?: string; primary?: boolean }[];
  active?: boolean;
  password?: string;
  [PORTAL_USER]?: { cobrand?: string; passwordHash?: string };
}

const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Reads a User scimmy has checked against the schema. The portal keeps one name: the formatted one, else the given,
 * middle and family names joined (as Okta and Entra ID send them), else the display name.
 */
export function wantedOf(resource: ScimUser): Wanted {
  const given = resource as unknown as Incoming;
  const parts = [given.name?.givenName, given.name?.middleName, given.name?.familyName].map(text).filter(Boolean);
  const emails = given.emails ?? [];
  const email = (emails.find((e) => e.primary) ?? emails[0])?.value;
  const extension = given[PORTAL_USER];
  return {
    userName: given.userName,
    externalId: text(given.externalId),
    name: text(given.name?.formatted) ?? (parts.length ? parts.join(' ') : undefined) ?? text(given.displayName),
    email: text(email),
    active: given.active,
    cobrand: text(extension?.cobrand),
    password: given.password,
    passwordHash: extension?.passwordHash,
  };
}
