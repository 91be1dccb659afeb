/**
 * The signed-in user's own security: their sessions (see them, end one or all the others) and their last sign-in
 * tries. Each ending is audited with who asked and from where. Passkeys, trusted devices and recovery codes are to be
 * sections of their own beside these (docs/decisions.md, "The security page").
 */
import type { SecurityOverview, SessionListItem, SignInListItem, SignInMethodName } from '@portal/contract';
import type { AuditLog, Origin, SignInEntry } from '../db/audit-log.js';
import type { SessionManager, SessionRow } from '../session/index.js';
import { deviceOf } from './device.js';

export interface SecurityDeps {
  sessions: SessionManager;
  audit: AuditLog;
  /** Whether the user may change a portal password (the password capability's rule, given by screens.ts). */
  passwordChange: (session: SessionRow) => Promise<boolean>;
}

/** The page's name of each sign-in step or method the audit records that is not a token's. */
const NAMED: Record<string, SignInMethodName> = {
  password: 'password',
  token: 'token',
  sso: 'sso',
  passkey: 'passkey',
  recovery_code: 'recoveryCode',
  'recovery-code': 'recoveryCode',
  // A wrong new-device code (device-code/): refused on the code's own route.
  'device-code': 'verificationCode',
};

/**
 * How the audit recorded the try, as the page names it: a success's step (a token's next tokencode and the token
 * methods' own steps are the token), a refusal's method or step.
 */
export function methodOf({ success, detail }: Pick<SignInEntry, 'success' | 'detail'>): SignInMethodName | null {
  const step = typeof detail.step === 'string' ? detail.step : undefined;
  if (step === 'sso') return 'sso';
  if (success) return step ? (NAMED[step] ?? 'token') : null;
  if (typeof detail.method === 'string' && NAMED[detail.method]) return NAMED[detail.method]!;
  return detail.reason === 'next tokencode' ? 'token' : null;
}

export class SecurityService {
  constructor(private readonly deps: SecurityDeps) {}

  async sessionList(session: SessionRow): Promise<SessionListItem[]> {
    const entries = await this.deps.sessions.listFor(session);
    return entries.map((entry) => ({
      id: entry.handle,
      current: entry.current,
      device: deviceOf(entry.userAgent),
      address: entry.address,
      startedAt: entry.createdAt,
      lastActiveAt: entry.lastSeenAt,
    }));
  }

  async signIns(session: SessionRow): Promise<SignInListItem[]> {
    const entries = await this.deps.audit.recentSignIns(session.account_id);
    return entries.map((entry) => ({
      at: entry.at,
      success: entry.success,
      method: methodOf(entry),
      device: deviceOf(entry.userAgent),
      address: entry.address,
    }));
  }

  async overview(session: SessionRow): Promise<SecurityOverview> {
    const [sessions, signIns, passwordChange] = await Promise.all([
      this.sessionList(session),
      this.signIns(session),
      this.deps.passwordChange(session),
    ]);
    return { sessions, signIns, passwordChange };
  }

  /** Ends one other session of the user's; false (and nothing audited) for any ID that is not one. */
  async endOne(session: SessionRow, id: string, origin: Origin): Promise<boolean> {
    const ended = await this.deps.sessions.endByHandle(session, id);
    if (ended)
      await this.deps.audit.record('session.revoked', session.account_id, { which: 'one', count: 1 }, { origin });
    return ended;
  }

  /** Ends every other session of the user's; answers how many ended (audited, also when none did). */
  async endOthers(session: SessionRow, origin: Origin): Promise<number> {
    const count = await this.deps.sessions.endOthersByUser(session);
    await this.deps.audit.record('session.revoked', session.account_id, { which: 'others', count }, { origin });
    return count;
  }
}
