/**
 * A SCIM filter, parsed by scimmy, as the exact-value search the portal's users are found by: `userName eq`
 * (or `id eq`), `externalId eq`, `emails.value eq` (or `emails[value eq ...]`), `active eq` and the extension's
 * `cobrand eq`, joined by `and`. Anything else is refused as invalidFilter, naming what is supported, rather than read some other way.
 */
import type { UserCriteria } from '../admin/index.js';
import { ScimError } from './errors.js';
import { PORTAL_USER } from './scimmy-setup.js';

type Expression = [string, unknown?] | Expression[] | { [key: string]: Expression };
export type Criteria = UserCriteria;

const SUPPORTED =
  'Filters supported: userName, id, externalId, emails.value, active and ' +
  `${PORTAL_USER}:cobrand, each with eq, joined by and`;

const refuse = (problem: string): never => {
  throw new ScimError(400, 'invalidFilter', `${problem}. ${SUPPORTED}`);
};

/** The value of one `attribute eq value` term; refused for any other comparison or a value of the wrong type. */
function equalTo(attribute: string, term: Expression | undefined, type: 'string' | 'boolean') {
  if (!Array.isArray(term) || typeof term[0] !== 'string') return refuse(`Unsupported filter on ${attribute}`);
  if (term[0] !== 'eq' || term.length !== 2) return refuse(`Unsupported comparison on ${attribute}`);
  if (typeof term[1] !== type) return refuse(`${attribute} is compared with a ${type}`);
  return term[1] as never;
}

function emailOf(term: Expression): string {
  if (Array.isArray(term) || typeof term !== 'object') return refuse('Unsupported filter on emails');
  const keys = Object.keys(term);
  if (keys.length !== 1 || keys[0]!.toLowerCase() !== 'value') return refuse('Only emails.value is supported');
  return equalTo('emails.value', term[keys[0]!], 'string');
}

export function criteriaOf(filter: unknown): Criteria {
  if (filter === undefined) return {};
  const groups = filter as Record<string, Expression>[];
  if (groups.length !== 1) return refuse('"or" is not supported');
  const criteria: Criteria = {};
  const once = <K extends keyof Criteria>(key: K, value: Criteria[K]) => {
    if (criteria[key] !== undefined && criteria[key] !== value) refuse(`${key} is given twice`);
    criteria[key] = value;
  };
  for (const [attribute, term] of Object.entries(groups[0]!)) {
    const name = attribute.toLowerCase();
    if (name === 'username' || name === 'id') once('userId', equalTo(attribute, term, 'string'));
    else if (name === 'externalid') once('externalId', equalTo(attribute, term, 'string'));
    else if (name === 'emails') once('email', emailOf(term));
    else if (name === 'active') once('active', equalTo(attribute, term, 'boolean'));
    else if (name === `${PORTAL_USER}:cobrand`.toLowerCase()) once('cobrand', equalTo(attribute, term, 'string'));
    else refuse(`Unsupported filter on ${attribute}`);
  }
  return criteria;
}
