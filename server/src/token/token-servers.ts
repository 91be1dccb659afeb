/**
 * Which token server checks a cobrand's token users: the portal's own tokens, or the bank's over RADIUS (RFC 2865).
 * A cobrand's catalogue record may name its own; the others use the deployment's (TOKEN_BACKEND). One RADIUS client,
 * with its one socket, serves every cobrand that names the same servers and secret.
 */
import type { TokenServerSchema } from '@portal/contract/schemas';
import type { Static } from 'typebox';
import type { RadiusTiming, TokenServerSettings } from '../config.js';
import { parseRadiusServers, RadiusClient } from './radius-client.js';

export type CatalogueTokenServer = Static<typeof TokenServerSchema>;
export type TokenServer = { kind: 'builtin' } | { kind: 'radius'; client: RadiusClient };
type Env = Record<string, string | undefined>;
type Log = { warn(obj: object, msg: string): void };

/**
 * A token server that cannot be asked: not configured, or no answer in time. Never a wrong passcode: the error
 * handler answers it as §8's system error (503).
 */
export class TokenServerUnavailable extends Error {
  readonly unavailable = 'token server';
}

const BUILTIN: TokenServer = { kind: 'builtin' };

export class TokenServers {
  private readonly clients = new Map<string, RadiusClient>();

  constructor(
    private readonly deployment: TokenServerSettings,
    private readonly timing: RadiusTiming,
    private readonly env: Env,
    private readonly log: Log,
  ) {}

  /** The token server of a cobrand whose record names `named` (or none). */
  for(named: CatalogueTokenServer | undefined): TokenServer {
    const settings = named ? this.fromCatalogue(named) : { ...this.deployment, ...this.timing };
    if (settings.protocol === 'builtin') return BUILTIN;
    const key = JSON.stringify(settings);
    let client = this.clients.get(key);
    if (!client) {
      client = new RadiusClient({ ...settings, servers: parseRadiusServers(settings.servers) }, this.log);
      this.clients.set(key, client);
    }
    return { kind: 'radius', client };
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.close()));
    this.clients.clear();
  }

  private fromCatalogue(named: CatalogueTokenServer): TokenServerSettings & RadiusTiming {
    if (named.protocol === 'builtin') return { ...named, ...this.timing };
    const secret = this.env[named.secretEnv];
    if (!secret) throw new TokenServerUnavailable(`the environment variable ${named.secretEnv} is empty`);
    return {
      protocol: 'radius',
      servers: named.servers,
      secret,
      timeoutMs: named.timeoutMs ?? this.timing.timeoutMs,
      retries: named.retries ?? this.timing.retries,
    };
  }
}
