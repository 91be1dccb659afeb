/** The demo's help-desk operators: `npm start` makes them beside the demo users, so anyone can try the console. */
import { CONSOLE_BASE } from '@portal/contract/console';
import { DEMO_PASSWORD } from './demo-users.js';
import { Refusal } from './refusal.js';
import type { OperatorRole, StaffAdmin } from './staff/index.js';

export const DEMO_OPERATORS: readonly { name: string; role: OperatorRole; note: string }[] = [
  { name: 'demohelpdesk', role: 'helpdesk', note: 'finds users and acts on them' },
  { name: 'demoadmin', role: 'admin', note: 'also manages operators, API keys and the cobrand catalogue' },
];

/** Made already: refused as taken, or its unique key taken (PostgreSQL's 23505, SQLite's constraint codes). */
const isDuplicate = (error: unknown) =>
  (error instanceof Refusal && error.kind === 'conflict') ||
  /^(23505|SQLITE_CONSTRAINT_UNIQUE|SQLITE_CONSTRAINT_PRIMARYKEY)$/.test(String((error as { code?: unknown }).code));

/**
 * Makes the demo operators when there are no operators at all (a demo database made before operators were gets them
 * too); answers each one's authenticator URI, read back at every start so the banner can show them.
 */
export async function seedDemoOperators(staff: StaffAdmin): Promise<{ name: string; role: string; uri: string }[]> {
  if ((await staff.list()).length === 0)
    for (const { name, role } of DEMO_OPERATORS) {
      // Another instance starting at the same moment may have made it first.
      await staff
        .add({ name, role, cobrands: [], password: DEMO_PASSWORD }, { actor: 'demo' })
        .catch((error: unknown) => {
          if (!isDuplicate(error)) throw error;
        });
    }
  const found = [];
  for (const { name, role } of DEMO_OPERATORS) {
    const uri = await staff.uriOf(name);
    if (uri) found.push({ name, role, uri });
  }
  return found;
}

/** The start banner's lines for the demo operators: where they sign in, and their authenticators. */
export function demoOperatorLines(
  adminOrigin: string | null,
  operators: { name: string; role: string; uri: string }[],
) {
  if (!adminOrigin || !operators.length) return [];
  const width = 'demonoaccount'.length + 2;
  return [
    `Help-desk operators (password ${DEMO_PASSWORD} and a 6-digit code every 30 s: load a URI into an authenticator`,
    `app, or \`npm run portal -- operators code <name>\`); the help-desk console, on the admin listener:`,
    `  ${adminOrigin}${CONSOLE_BASE}`,
    ...operators.map((o) => `  ${o.name.padEnd(width)}${o.role.padEnd(13)}${o.uri}`),
    '',
  ];
}
