/** The admin command line: `npm run portal -- <command>`. Each command prints what it did. */
import { parseArgs } from 'node:util';
import { AccountStore, createAccount, generateTemporaryPassword, normaliseAnswer, userIdKey } from './account/index.js';
import { hashSecret } from './security/passwords.js';
import { importCatalogue } from './bootstrap.js';
import { CobrandDirectory, CobrandStore } from './cobrand/index.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase, type PortalDatabase } from './db/database.js';
import { deriveKeys, loadPortalSecret, type PortalKeys } from './security/portal-secret.js';
import { assignToken, currentCode, TokenStore } from './token/index.js';
import QRCode from 'qrcode';
import { SessionStore } from './session/index.js';

const USAGE = `Usage: npm run portal -- <command>

  db migrate                                   apply pending database migrations
  users add <userId> --email <address> --cobrand <name> [--password <password>]
                                               create an active password user; without --password a
                                               temporary password is generated and printed; it opens one
                                               sign-in, which must change it
  users list                                   list users with their state
  users unlock <userId>                        unlock a locked user and clear failed tries
  users deactivate <userId>                    make a user inactive and end their sessions
  users expire-password <userId>               make the next sign-in go to change password
  users set-question <userId> --question <text> --answer <answer>
                                               set the security question for password recovery
  tokens assign <userId>                       give a user a new token (new-PIN mode); prints its otpauth URI and QR code
  tokens reset-pin <userId>                    put a user's token back in new-PIN mode
  tokens unassign <userId>                     take a user's token away (password sign-in again)
  tokens code <userId>                         demo mode only: the code the user's token shows now
  cobrands list                                list the cobrands in the database
  cobrands import [dir]                        validate and load a catalogue (default: data/cobrands, with the
                                               footer variants of the footers folder beside it); nothing is
                                               loaded when any record is bad, and each bad field is listed
  cobrands export <name>                       print a cobrand's catalogue record (its cobrand.json) as JSON
`;

class UsageError extends Error {}

async function run(argv: string[], database: PortalDatabase, keys: () => PortalKeys, demo: boolean): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      cobrand: { type: 'string' },
      password: { type: 'string' },
      question: { type: 'string' },
      answer: { type: 'string' },
    },
  });
  const [area, action, subject, ...rest] = positionals;
  if (rest.length) throw new UsageError(`unexpected arguments: ${rest.join(' ')}`);
  const now = Date.now();
  const accounts = new AccountStore(database.db);
  const needUser = (): string => {
    if (!subject) throw new UsageError('a user ID is required');
    return subject;
  };
  const existing = async () => {
    const account = await accounts.findByUserId(userIdKey(needUser()));
    if (!account) throw new UsageError(`no user "${subject}"`);
    return account;
  };
  const changed = (ok: boolean, what: string) => {
    if (!ok) throw new UsageError(`no user "${subject}"`);
    return what;
  };

  switch (`${area ?? ''} ${action ?? ''}`) {
    case 'db migrate': {
      const applied = await migrateToLatest(database.db);
      return applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database is up to date.';
    }
    case 'users add': {
      const userId = needUser();
      if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email))
        throw new UsageError('--email <address> is required');
      if (!values.cobrand) throw new UsageError('--cobrand <name> is required');
      if (!(await new CobrandStore(database.db).find(values.cobrand)))
        throw new UsageError(`no cobrand "${values.cobrand}"`);
      if (await accounts.findByUserId(userIdKey(userId))) throw new UsageError(`user "${userId}" already exists`);
      const password = values.password ?? generateTemporaryPassword(userId);
      await createAccount(
        accounts,
        keys().userIdentity,
        {
          userId,
          email: values.email,
          cobrand: values.cobrand,
          password,
          passwordState: values.password ? 'current' : 'temporary',
        },
        now,
      );
      return values.password
        ? `Added user ${userId}.`
        : `Added user ${userId} with temporary password ${password} (to be changed at first sign-in).`;
    }
    case 'users list': {
      const rows = await accounts.list();
      if (!rows.length) return 'No users.';
      return rows
        .map(
          (r) =>
            `${r.user_id.padEnd(20)} ${r.status.padEnd(9)} ${r.login_type.padEnd(9)} password ${r.password_state.padEnd(10)} ${r.cobrand}`,
        )
        .join('\n');
    }
    case 'users unlock': {
      const key = userIdKey(needUser());
      if (await accounts.unlock(key, now)) return `Unlocked ${subject}.`;
      const account = await accounts.findByUserId(key);
      throw new UsageError(account ? `user "${subject}" is not locked (${account.status})` : `no user "${subject}"`);
    }
    case 'users deactivate': {
      const account = await accounts.findByUserId(userIdKey(needUser()));
      changed(Boolean(account) && (await accounts.setStatus(account!.user_id_key, 'inactive', now)), '');
      await new SessionStore(database.db).deleteForAccount(account!.id);
      return `Deactivated ${subject} and ended their sessions.`;
    }
    case 'users expire-password':
      return changed(
        await accounts.expirePassword(userIdKey(needUser()), now),
        `Expired the password of ${subject}; the next sign-in leads to change password.`,
      );
    case 'users set-question': {
      const key = userIdKey(needUser());
      if (!values.question?.trim() || !values.answer?.trim())
        throw new UsageError('--question <text> and --answer <answer> are required');
      if (values.answer.trim().length < 4) throw new UsageError('the answer must be at least 4 characters');
      return changed(
        await accounts.setSecurityQuestion(
          key,
          values.question.trim(),
          await hashSecret(normaliseAnswer(values.answer)),
          now,
        ),
        `Set the security question of ${subject}.`,
      );
    }
    case 'tokens assign': {
      const account = await existing();
      const { record } = await new CobrandDirectory(new CobrandStore(database.db), Date.now).resolve(account.cobrand);
      const uri = await assignToken(new TokenStore(database.db), keys().seal, account, record.cobrand.appName, now);
      const qr = await QRCode.toString(uri, { type: 'terminal', small: true });
      return `Assigned a new token to ${subject}, in new-PIN mode.\nLoad it into an authenticator app: ${uri}\n${qr}`;
    }
    case 'tokens reset-pin': {
      const account = await existing();
      if (!(await new TokenStore(database.db).resetPin(account.id, now)))
        throw new UsageError(`user "${subject}" has no token`);
      return `Reset the PIN of ${subject}: the next sign-in with a tokencode alone sets a new one.`;
    }
    case 'tokens unassign': {
      const account = await existing();
      await new TokenStore(database.db).unassign(account.id, now);
      return `Removed the token of ${subject}; they sign in with their password again.`;
    }
    case 'tokens code': {
      if (!demo) throw new UsageError('tokens code is for demo mode only (PORTAL_DEMO=true)');
      const account = await existing();
      const code = await currentCode(new TokenStore(database.db), keys().seal, account.id, now);
      if (!code) throw new UsageError(`user "${subject}" has no token`);
      return code;
    }
    case 'cobrands list': {
      const rows = await new CobrandStore(database.db).list();
      return rows.map((r) => `${r.name.padEnd(20)} ${r.abbreviation}`).join('\n') || 'No cobrands.';
    }
    case 'cobrands import': {
      const names = await importCatalogue(database, subject);
      return `Imported ${names.length} cobrands: ${names.join(', ')}`;
    }
    case 'cobrands export': {
      if (!subject) throw new UsageError('a cobrand name is required');
      const stored = await new CobrandStore(database.db).find(subject);
      if (!stored) throw new UsageError(`no cobrand "${subject}"`);
      return JSON.stringify(stored.record, null, 2);
    }
    default:
      throw new UsageError(area ? `unknown command "${[area, action].filter(Boolean).join(' ')}"` : 'no command given');
  }
}

async function main(): Promise<number> {
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
    const argv = process.argv.slice(2);
    if (!(argv[0] === 'db' && argv[1] === 'migrate')) await migrateToLatest(database.db);
    const keys = () => deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, (m) => console.error(m)));
    console.log(await run(argv, database, keys, config.demo));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`Error: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`Error: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
