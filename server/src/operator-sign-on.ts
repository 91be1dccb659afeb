/**
 * The console's sign-on at the bank's staff identity provider (STAFF_IDP_FILE), composed: the single sign-on
 * capability's OpenID Connect code flow (sso/), its sealed flow cookie on the console's path under a key of its own,
 * for the console's routes (staff/), which see the name the provider gives the person.
 */
import { CONSOLE_BASE, ConsolePaths } from '@portal/contract/console';
import type { Clock } from './clock.js';
import type { PortalDatabase } from './db/database.js';
import { CodeFlow, FlowCookies, type OidcSettings, Providers, refusedAnswer, SsoStore } from './sso/index.js';
import type { StaffProvider } from './staff/index.js';

/** What the flow cookie names as its owner: no cobrand's name (a cobrand's flow is not taken here, nor this there). */
const CONSOLE = 'console:staff';

export interface StaffProviderDeps {
  env: Record<string, string | undefined>;
  /** ADMIN_ORIGIN: the provider sends the browser back to the console there. */
  adminOrigin: string;
  /** PortalKeys.consoleFlow. */
  flowKey: Buffer;
  database: PortalDatabase;
  clock: Clock;
}

export function staffProvider(idp: OidcSettings, deps: StaffProviderDeps): StaffProvider {
  const { adminOrigin } = deps;
  const noSaml = () => {
    throw new Error('the staff identity provider speaks OpenID Connect');
  };
  const providers = new Providers(deps.env, adminOrigin, noSaml);
  const secure = adminOrigin.startsWith('https:');
  const flows = new FlowCookies(deps.flowKey, secure, { path: CONSOLE_BASE, name: 'console-sign-on' });
  const flow = new CodeFlow({ providers, flows, store: new SsoStore(deps.database.db), clock: deps.clock });
  const back = `${adminOrigin}${ConsolePaths.signOnReturn}`;
  return {
    name: idp.issuer,
    // Always a login made now at the provider, whatever session it holds: the console is the bank's staff's most
    // powerful page, and a desk's browser is often shared.
    start: (reply) => flow.start(CONSOLE, idp, back, reply, true),
    answer: async (request, reply) => {
      const answered = await flow.answer(CONSOLE, idp, adminOrigin, request, reply);
      if (refusedAnswer(answered)) return { refused: answered.reason, received: answered.received };
      const name = answered.claims[idp.userClaim];
      if (typeof name === 'string' && name) return { name };
      // The names of the claims it did send (not their values) show which one the record should name.
      return { refused: `no ${idp.userClaim} claim`, received: { claims: Object.keys(answered.claims).join(' ') } };
    },
  };
}
