/** The admin command line: `npm run portal -- <command>`. Each command prints what it did. */
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { COMMANDS, UsageError, usageOf } from './cli-commands.js';
import { OPERATOR_COMMANDS } from './cli-operators.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { siemForwarder } from './siem/index.js';
import { prepareDatabase } from './bootstrap.js';
import { openDatabase, type PortalDatabase } from './db/database.js';
import { Messages } from './i18n/messages.js';
import { outageErrorFile } from './pages/index.js';
import { createOperator, type Operator } from './operator.js';
import { Refusal } from './refusal.js';
import { deriveKeys, loadPortalSecret, type PortalKeys } from './security/portal-secret.js';
import { storesOf } from './stores.js';

const USAGE = `Usage: npm run portal -- <command>

  db migrate                                   apply pending database migrations
  users add <userId> --email <address> --cobrand <name> [--password <password>] [--name <full name>]
                                               create an active password user; without --password a
                                               temporary password is generated and printed; it opens one
                                               sign-in, which must change it
  users import --file <users.jsonl> [--from-line <n>]
                                               import users with the password hashes the old directory
                                               held, one JSON object a line (userId, email, cobrand, name,
                                               passwordHash); a bad line is reported by its number and the
                                               others are imported; --from-line skips the lines before n
                                               (to go on where an outage stopped an import)
  users unchecked-hashes                       list users whose imported hash the sign-in does not check
                                               (above the import ceilings, or beyond their cobrand's four
                                               cost classes): give them one with users reset-password
  users list                                   list users with their state
  users unlock <userId>                        unlock a locked user and clear failed tries
  users deactivate <userId>                    make a user inactive and end their sessions
  users reactivate <userId>                    make an inactive user (or one SCIM deleted) active again
  users expire-password <userId>               make the next sign-in go to change password
  users reset-password <userId>                give the user a new temporary password, printed once; it
                                               opens one sign-in, which must change it
  users set-name <userId> --name <full name>    set the name the mails greet the user by
  users link-sso <userId> --cobrand <name> --subject <subject>
                                               let the cobrand's identity provider sign the user in: the
                                               subject is what the provider names them by
  users set-question <userId> --question <text> --answer <answer>
                                               set the security question for password recovery
  audit list [--user <userId>] [--since <time>]
                                               the security events, oldest first (--since: an ISO time or
                                               a span back from now such as 24h, 7d; default 24h)
  audit export [--user <userId>] [--since <time>]
                                               the same as JSON lines, for a log pipeline
  tokens assign <userId>                       give a user a new token (new-PIN mode); prints its otpauth URI and QR code
  tokens at-server <userId>                    the bank's token server (RADIUS) holds the user's token
  tokens reset-pin <userId>                    put a user's token back in new-PIN mode
  tokens unassign <userId>                     take a user's token away (password sign-in again)
  tokens code <userId>                         demo mode only: the code the user's token shows now
  cobrands list                                list the cobrands in the database
  cobrands import [dir]                        validate and load a catalogue (default: data/cobrands, with the
                                               footer variants of the footers folder beside it); nothing is
                                               loaded when any record is bad, and each bad field is listed
  cobrands export <name>                       print a cobrand's catalogue record (its cobrand.json) as JSON
  api-keys create --name <name> --scopes <list> [--cobrand <name>]...
                                               make a key for the admin API (ADMIN_PORT) and print it alone
                                               on the last line, this once; scopes, comma-separated: users:read,
                                               users:write, audit:read, cobrands:read, cobrands:write, scim; each
                                               --cobrand limits the key to that cobrand's users
  api-keys list                                the keys by name, with their scopes, cobrands and state
  api-keys revoke <name>                       refuse the key from now on
  operators add <name> --role helpdesk|admin|auditor [--cobrand <name>]... [--password <password>]
                                               add a help-desk operator, who signs in to the console on the
                                               admin listener (ADMIN_PORT, /console/) with a password and an
                                               authenticator app's code; prints the authenticator's URI and
                                               QR code, and without --password a generated password, this
                                               once; each --cobrand limits them to that cobrand's users
  operators list                               the operators with their role, state and cobrands
  operators remove <name>                      remove an operator and end their console sessions
  operators unlock <name>                      unlock an operator locked by six wrong tries
  operators code <name>                        demo mode only: the code the operator's app shows now
  outage-page --file <path>                    write the outage page a proxy answers when no instance can, as
                                               haproxy's errorfile 503 (docs/operations.md, "Behind a proxy");
                                               needs no database
`;

async function run(argv: string[], database: PortalDatabase, keys: () => PortalKeys, config: Config): Promise<string> {
  const demo = config.demo;
  const forward = siemForwarder(database);
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      subject: { type: 'string' },
      user: { type: 'string' },
      since: { type: 'string' },
      cobrand: { type: 'string', multiple: true },
      scopes: { type: 'string' },
      password: { type: 'string' },
      question: { type: 'string' },
      answer: { type: 'string' },
      file: { type: 'string' },
      'from-line': { type: 'string' },
      role: { type: 'string' },
    },
  });
  const [area, action, subject, ...rest] = positionals;
  if (rest.length) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
  const command = COMMANDS[`${area} ${action}`] ?? OPERATOR_COMMANDS[`${area} ${action}`];
  if (!command) {
    throw new UsageError(area ? `unknown command "${[area, action].filter(Boolean).join(' ')}"` : 'no command given');
  }
  const accounts = storesOf(database).accounts;
  const origin = { actor: `cli:${administrator()}` };
  const now = Date.now();
  let operator: Operator | undefined;
  const operatorOnce = () => (operator ??= createOperator({ database, keys: keys(), clock: () => now, forward }));
  try {
    return await command({
      database,
      accounts,
      keys,
      operator: operatorOnce,
      demo,
      forward,
      now,
      origin,
      subject,
      options: values,
      progress: process.stderr.isTTY ? (message) => process.stderr.write(`${message}\n`) : undefined,
    });
  } catch (error) {
    throw error instanceof Refusal ? usageOf(error) : error;
  }
}

/** Who runs the command, for the audit trail: the login behind sudo when there is one. */
function administrator(): string {
  if (process.env.SUDO_USER) return process.env.SUDO_USER;
  try {
    return userInfo().username;
  } catch {
    // A container user with no passwd entry has no name.
    return process.env.USER || process.env.LOGNAME || `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** The outage page for the proxy: written when the database is away too, so it opens none. */
function writeOutagePage(argv: string[]): string {
  const { values, positionals } = parseArgs({ args: argv, options: { file: { type: 'string' } } });
  if (!values.file || positionals.length) throw new UsageError('outage-page takes --file <path> and nothing else');
  const file = outageErrorFile(new Messages());
  writeFileSync(values.file, file);
  return `Wrote the outage page (${Buffer.byteLength(file)} bytes) to ${values.file}: give it to haproxy as errorfile 503.`;
}

async function main(): Promise<number> {
  if (process.argv[2] === 'outage-page') return report(() => writeOutagePage(process.argv.slice(3)));
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteCheckpoints: 'inline',
  });
  try {
    return await report(async () => {
      const argv = process.argv.slice(2);
      if (!(argv[0] === 'db' && argv[1] === 'migrate')) await prepareDatabase(database);
      const keys = () => deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, (m) => console.error(m)));
      return run(argv, database, keys, config);
    });
  } finally {
    await database.close();
  }
}

/** Prints the command's answer (exit 0), or its error: with the usage for a wrong command line (2), else alone (1). */
async function report(command: () => string | Promise<string>): Promise<number> {
  try {
    console.log(await command());
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`Error: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`Error: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
