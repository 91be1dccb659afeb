/**
 * Operators' passkeys (@simplewebauthn/server): the second factor beside the password where the console's address
 * (ADMIN_ORIGIN) names a host, which a relying party needs (an address such as 127.0.0.1 cannot be one). An operator
 * adds and removes their own, from a console session signed in within FRESH_SIGN_IN_MS; a sign-in's options name no
 * credential (discoverable passkeys), and its challenge is bound to the browser's anti-forgery token. Each challenge is
 * taken once, within CHALLENGE_MS.
 */
import { FRESH_SIGN_IN_MS } from '@portal/contract/security';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { Database } from '../db/tables.js';
import { newId } from '../security/ids.js';
import { actorOf } from './console-sessions.js';

const CHALLENGE_MS = 5 * 60_000;

/** The console's relying party: ADMIN_ORIGIN's host and the origin itself. */
export interface ConsoleRelyingParty {
  id: string;
  origin: string;
}

/** ADMIN_ORIGIN as a relying party, or null where its host is an IP address (no passkeys then). */
export function consoleRelyingParty(adminOrigin: string): ConsoleRelyingParty | null {
  const url = new URL(adminOrigin);
  return /^[\d.]+$|^\[/.test(url.hostname) ? null : { id: url.hostname, origin: url.origin };
}

/** A passkey as its operator sees it listed. */
export interface OperatorPasskeyListing {
  id: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** The challenge the browser signed, as its client data names it; null when none is readable. */
function signedChallenge(response: { response?: { clientDataJSON?: unknown } }): string | null {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string' || data.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' && parsed.challenge.length <= 200 ? parsed.challenge : null;
  } catch {
    return null;
  }
}

export class OperatorPasskeys {
  constructor(
    private readonly deps: { db: Kysely<Database>; audit: AuditLog; clock: Clock; rp: ConsoleRelyingParty },
  ) {}

  /** Whether a session that began at `signedInAt` may still change the operator's passkeys. */
  fresh(signedInAt: number): boolean {
    return this.deps.clock() - signedInAt <= FRESH_SIGN_IN_MS;
  }

  async list(operatorId: string): Promise<OperatorPasskeyListing[]> {
    const rows = await this.deps.db
      .selectFrom('operator_passkey')
      .select(['id', 'created_at', 'last_used_at'])
      .where('operator_id', '=', operatorId)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      createdAt: Number(r.created_at),
      lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    }));
  }

  async registrationOptions(operator: { id: string; name: string }, binding: string) {
    const existing = await this.deps.db
      .selectFrom('operator_passkey')
      .select('credential_id')
      .where('operator_id', '=', operator.id)
      .execute();
    const options = await generateRegistrationOptions({
      rpName: 'Help desk console',
      rpID: this.deps.rp.id,
      userName: operator.name,
      userID: Buffer.from(operator.id, 'utf8'),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: CHALLENGE_MS,
    });
    await this.issue(options.challenge, 'register', binding, operator.id);
    return options;
  }

  /** Adds the passkey the response makes, if it answers a challenge issued to this session: its ID, or null. */
  async register(
    operator: { id: string; name: string },
    response: RegistrationResponseJSON,
    binding: string,
    origin: Origin,
  ) {
    const challenge = signedChallenge(response);
    if (!challenge || !(await this.take(challenge, 'register', binding, operator.id))) return null;
    const checked = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.deps.rp.origin,
      expectedRPID: this.deps.rp.id,
      requireUserVerification: true,
    }).catch(() => null);
    if (!checked?.verified) return null;
    const { credential } = checked.registrationInfo;
    const now = this.deps.clock();
    const id = newId();
    const row = {
      ...{ id, operator_id: operator.id, credential_id: credential.id, counter: credential.counter },
      ...{ public_key: Buffer.from(credential.publicKey).toString('base64url'), created_at: now, last_used_at: null },
      transports: (credential.transports ?? []).join(','),
    };
    const as = { ...origin, actor: actorOf(operator.name) };
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('operator_passkey').values(row).execute();
      await this.deps.audit.record('operator.passkey.added', null, { passkey: id }, { origin: as, trx });
    });
    return id;
  }

  /** Removes one of the operator's passkeys: false when they have none by that ID. */
  async remove(operator: { id: string; name: string }, id: string, origin: Origin): Promise<boolean> {
    const as = { ...origin, actor: actorOf(operator.name) };
    return this.deps.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('operator_passkey')
        .where('id', '=', id)
        .where('operator_id', '=', operator.id)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await this.deps.audit.record('operator.passkey.removed', null, { passkey: id }, { origin: as, trx });
      return true;
    });
  }

  /** A sign-in's options: discoverable passkeys, so they name nobody. */
  async signInOptions(binding: string) {
    const options = await generateAuthenticationOptions({
      rpID: this.deps.rp.id,
      userVerification: 'required',
      timeout: CHALLENGE_MS,
    });
    await this.issue(options.challenge, 'authenticate', binding, null);
    return options;
  }

  /**
   * Whether the response is the operator's passkey answering a challenge issued to this browser (the challenge is
   * spent either way); its counter and last use are kept.
   */
  async check(operatorId: string, response: AuthenticationResponseJSON, binding: string): Promise<boolean> {
    const challenge = signedChallenge(response);
    if (!challenge || !(await this.take(challenge, 'authenticate', binding, null))) return false;
    const passkey = await this.deps.db
      .selectFrom('operator_passkey')
      .selectAll()
      .where('credential_id', '=', String(response.id).slice(0, 1024))
      .where('operator_id', '=', operatorId)
      .executeTakeFirst();
    if (!passkey) return false;
    const checked = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.deps.rp.origin,
      expectedRPID: this.deps.rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: Number(passkey.counter),
        transports: passkey.transports.split(',').filter(Boolean) as AuthenticatorTransport[],
      },
    }).catch(() => null);
    if (!checked?.verified) return false;
    await this.deps.db
      .updateTable('operator_passkey')
      .set({ counter: checked.authenticationInfo.newCounter, last_used_at: this.deps.clock() })
      .where('id', '=', passkey.id)
      .execute();
    return true;
  }

  private async issue(
    challenge: string,
    purpose: 'register' | 'authenticate',
    binding: string,
    operatorId: string | null,
  ) {
    const now = this.deps.clock();
    await this.deps.db.deleteFrom('operator_passkey_challenge').where('expires_at', '<', now).execute();
    const row = { challenge, purpose, binding, operator_id: operatorId, expires_at: now + CHALLENGE_MS };
    await this.deps.db.insertInto('operator_passkey_challenge').values(row).execute();
  }

  /** Takes the challenge for good: true when it was issued for this purpose, binding and operator, and is live. */
  private async take(challenge: string, purpose: string, binding: string, operatorId: string | null) {
    const taken = await this.deps.db
      .deleteFrom('operator_passkey_challenge')
      .where('challenge', '=', challenge)
      .returningAll()
      .executeTakeFirst();
    return (
      taken !== undefined &&
      taken.purpose === purpose &&
      taken.binding === binding &&
      taken.operator_id === operatorId &&
      Number(taken.expires_at) > this.deps.clock()
    );
  }
}
