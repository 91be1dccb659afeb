/**
 * Figure 15: what one sign-in costs PostgreSQL. The built service runs on a PostgreSQL of the benchmark's own (with
 * pg_stat_statements, nothing else writing: bench/lib/own-postgres.mjs), with the demo's users; each kind of call is
 * made `calls` times, one after another, and PostgreSQL's own counters say what they cost: statements (pg_stat_statements,
 * BEGIN and COMMIT apart), commits that changed something (the WAL's commit records, read by pg_waldump), WAL bytes and the statements' execution
 * time. What the service's background workers did meanwhile is measured first, with no calls, and taken off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agent, APP_HEADERS, cookieValue, request, signInSequence } from '../lib/http.mjs';
import { startOwnPostgres } from '../lib/own-postgres.mjs';
import { startPortal } from '../lib/servers.mjs';
import { round } from '../lib/stats.mjs';
import { enrol, passkeySequence, softCredentials } from './passkey-cpu.mjs';
import { ssoEnv, ssoKind, tokenKind } from './token-and-sso.mjs';

const DEMO_PASSWORD = 'Portal-Demo-2026';
const GOAL = { commits: 4, statements: 20 };
const IDLE_SECONDS = 10;

const COUNTERS = `
  select
    pg_current_wal_lsn()::text as lsn,
    pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as "walBytes",
    (select coalesce(sum(calls), 0) from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = current_database() and s.query not ilike '%pg_stat%'
        and upper(s.query) not in ('BEGIN', 'COMMIT', 'ROLLBACK'))::float8 as statements,
    (select coalesce(sum(total_exec_time), 0) from pg_stat_statements s join pg_database d on d.oid = s.dbid
      where d.datname = current_database() and s.query not ilike '%pg_stat%')::float8 as "execMs"`;

const TOP = `
  select s.query, s.calls::float8 as calls from pg_stat_statements s join pg_database d on d.oid = s.dbid
  where d.datname = current_database() and s.query not ilike '%pg_stat%'
  order by s.calls desc, s.query limit 40`;

/** The calls each kind makes: `prepare` once, untimed; `call` made `calls` times. */
function kinds(base, calls, databaseUrl) {
  const browser = agent();
  let trusted;
  let session;
  let passkeyUser;
  const sessions = [];
  const signIn = async (options) => {
    const done = await signInSequence(base, browser, 'demopass', DEMO_PASSWORD, options);
    session = done.cookie;
    return done;
  };
  return [
    { name: 'password, a new browser', call: () => signIn() },
    {
      name: 'password, a trusted browser',
      prepare: async () => (trusted = (await signIn()).device),
      call: async () => (trusted = (await signIn({ device: trusted })).device ?? trusted),
    },
    {
      name: 'passkey, a trusted browser',
      prepare: async () => (passkeyUser = await enrol(base, 'demopass', DEMO_PASSWORD, await softCredentials())),
      call: async () => {
        const send = async (_step, call) => {
          const answer = await request(base, { ...call, agent: browser });
          return { ...answer, cookie: (name) => cookieValue(answer.headers['set-cookie'], name) };
        };
        const answer = await passkeySequence(send, passkeyUser);
        if (answer.status !== 200) throw new Error(`the passkey sign-in answered ${answer.status}: ${answer.body}`);
      },
    },
    tokenKind(base, databaseUrl, calls),
    ssoKind(base, base.replace('127.0.0.1', 'localhost')),
    {
      name: 'session renewal (the warning box\'s "continue")',
      prepare: () => signIn({ device: trusted }),
      call: async () => {
        const ping = await request(base, {
          path: '/sdportal/rest/sessionExpire/pingPortal.json',
          headers: { ...APP_HEADERS, cookie: session },
          agent: browser,
        });
        if (ping.status !== 200) throw new Error(`the session ping answered ${ping.status}`);
      },
    },
    {
      // Sessions to end, made first: each call ends one.
      name: 'logout (of a signed-in session)',
      prepare: async () => {
        for (let i = 0; i < calls; i += 1) sessions.push((await signIn({ device: trusted })).cookie);
      },
      call: async () => {
        const out = await request(base, {
          path: '/sdportal/logout',
          headers: { ...APP_HEADERS, cookie: sessions.pop() },
          agent: browser,
        });
        if (out.status !== 204) throw new Error(`logout answered ${out.status}`);
      },
    },
  ];
}

/** PostgreSQL's counters now; a reading with `since` also counts the commits since that one (pg_waldump). */
async function counters(client, postgres, since) {
  const { lsn, ...read } = (await client.query(COUNTERS)).rows[0];
  return { ...read, lsn, commits: since ? postgres.commitsBetween(since.lsn, lsn) : 0 };
}

/** A pause before each reading, so that what the service's workers began is done and in the WAL. */
const pause = () => new Promise((r) => setTimeout(r, 2_000));

const minus = (a, b) =>
  Object.fromEntries(
    Object.keys(a)
      .filter((key) => key !== 'lsn')
      .map((key) => [key, a[key] - b[key]]),
  );

export async function databasePerSignInFigure({ calls }) {
  const postgres = await startOwnPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-pgcost-'));
  let portal;
  let closers = [];
  try {
    portal = await startPortal({
      dataDir,
      name: 'pg-costs',
      env: {
        DATABASE_URL: postgres.url,
        PORTAL_DEMO: 'true',
        MAX_SESSIONS_PER_USER: '0',
        PASSKEY_OPTIONS_PER_MINUTE: '0',
        ...ssoEnv,
      },
    });
    const client = await postgres.client();
    await client.query('create extension if not exists pg_stat_statements');
    // What the workers do with no calls, a second.
    await client.query('select pg_stat_statements_reset()');
    await pause();
    const idleFrom = await counters(client, postgres);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idle = minus(await counters(client, postgres, idleFrom), idleFrom);
    const perSecond = Object.fromEntries(Object.entries(idle).map(([key, value]) => [key, value / IDLE_SECONDS]));
    const results = [];
    const measured = kinds(portal.url, calls, postgres.url);
    closers = measured.map((kind) => kind.close);
    for (const kind of measured) {
      await kind.prepare?.();
      await client.query('select pg_stat_statements_reset()');
      await pause();
      const from = await counters(client, postgres);
      const started = performance.now();
      for (let i = 0; i < calls; i += 1) await kind.call();
      await pause();
      const seconds = (performance.now() - started) / 1000;
      const spent = minus(await counters(client, postgres, from), from);
      const each = Object.fromEntries(
        Object.entries(spent).map(([key, value]) => [key, Math.max(0, (value - perSecond[key] * seconds) / calls)]),
      );
      const top = (await client.query(TOP)).rows.map((row) => ({ ...row, calls: row.calls / calls }));
      results.push({ name: kind.name, ...each, top });
    }
    await client.end();
    return report({ results, perSecond, calls, version: postgres.version });
  } finally {
    for (const close of closers) await close?.();
    await portal?.stop();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report({ results, perSecond, calls, version }) {
  const password = results.find((r) => r.name === 'password, a trusted browser');
  const fresh = results.find((r) => r.name === 'password, a new browser');
  const met = [password, fresh].every((r) => r.commits <= GOAL.commits && r.statements <= GOAL.statements);
  return {
    id: 15,
    title: 'What a sign-in costs PostgreSQL: statements, commits, WAL',
    goal: `a password sign-in at most ${GOAL.commits} commits and ${GOAL.statements} statements`,
    result: results
      .slice(0, 2)
      .map(
        (r) =>
          `${r.name}: ${round(r.statements, 1)} statements, ${round(r.commits, 1)} commits, ${round(r.walBytes / 1024, 1)} KiB of WAL`,
      )
      .join('; '),
    met,
    table: {
      head: ['call', 'statements', 'commits that changed something', 'WAL, KiB', "statements' execution, ms"],
      rows: results.map((r) => [
        r.name,
        round(r.statements, 1),
        round(r.commits, 1),
        round(r.walBytes / 1024, 1),
        round(r.execMs, 2),
      ]),
    },
    notes: [
      `On paper, from the trusted browser's row: each commit that changed something is one WAL flush, so at Keycloak's sizing budget of 1,400 write IOPS (its 14 a login) one primary carries about ${Math.round(1400 / Math.max(password.commits, 0.1))} such sign-ins a second, and by the statements' execution time alone (${round(password.execMs, 2)} ms a sign-in) one of its cores about ${Math.round(1000 / Math.max(password.execMs, 0.01))}; at figure 1's sign-ins a second an instance, that is how many instances one primary feeds. Connection handling, planning and the network come on top of execution time; WAL bytes a sign-in bound replication and archiving.`,
      `The statements of a password sign-in from a trusted browser, the three calls of the sign-in sequence together (each a call's share; BEGIN and COMMIT left out): ${password.top
        .filter((row) => !['BEGIN', 'COMMIT', 'ROLLBACK'].includes(row.query.toUpperCase()))
        .map((row) => `${round(row.calls, 2)} x \`${row.query.replace(/\s+/g, ' ').slice(0, 90)}\``)
        .join('; ')}.`,
    ],
    method: [
      `\`bench/figures/database-per-sign-in.mjs\`: a PostgreSQL ${version} cluster of the benchmark's own (initdb in a temporary folder, \`shared_preload_libraries=pg_stat_statements\`, \`pg_stat_statements.track=top\`: the statements the service sends, a foreign key's check or a trigger's work part of the one that fired it), the built service started on it with the demo's users (\`PORTAL_DEMO=true\`, new-device verification off), one browser's calls made one after another.`,
      `Each kind: ${calls} calls of it, one after another, PostgreSQL's counters read before and after them with a 2 s pause before each reading: pg_stat_statements' calls and total_exec_time, the commit records pg_waldump reads in the WAL between the two positions (a transaction that changed nothing writes none, and costs no flush), and the WAL position's advance in bytes, the readings' own statements left out; less what the service's workers did in the same time with no calls (measured first over ${IDLE_SECONDS} s: ${round(perSecond.statements, 2)} statements and ${round(perSecond.commits, 2)} commits a second); over the calls. Sessions are not capped (\`MAX_SESSIONS_PER_USER=0\`): with the cap, a sign-in beyond it also ends the account's oldest session, which one user signing in again and again would meet at every call and a user does not. A password sign-in is the browser's three calls (the logout pre-step, login-info, send-login); "a new browser" sends no device cookie, so each one trusts a new device and queues its mail; "a trusted browser" sends the one the sign-in before it was given.`,
      `A passkey sign-in is the sign-in page's three calls (the pre-step, the options, the assertion) from the browser that made the passkey after a password sign-in, with figure 16's software authenticator (\`server/test/soft-authenticator.ts\`), the passkey throttle off (\`PASSKEY_OPTIONS_PER_MINUTE=0\`).`,
      `A token sign-in is the browser's three calls with the PIN and the token's code, by ${calls} token users made for the figure with the service's own code (\`bench/lib/token-users.ts\`: one code signs in once, and a code lasts 60 s), each signed in once before from a browser of its own and measured from that browser, now trusted, with the code of the next step (one step either side of the clock is taken without doubt).`,
      `A single sign-on is the browser's start at the portal, the demo's OpenID provider (\`scripts/demo-idp/oidc.mjs\`, on port 4011, where the demo catalogue puts veltmoor's) with its login page, and the portal's callback, which asks the provider for the tokens and opens the session; demosso from a new browser each time. The provider's own work is not in the figure: it keeps nothing in PostgreSQL.`,
    ],
    data: { results, perSecond },
  };
}
