/**
 * The server key and the keys derived from it. Without PORTAL_SECRET one is generated once and kept in DATA_DIR, which
 * suits a single local instance only: several instances must share one configured secret.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PortalKeys {
  csrf: Buffer;
  userIdentity: Buffer;
  pin: Buffer;
  seal: Buffer;
  temporaryPassword: Buffer;
  /** Seals a single sign-on in progress into its cookie. */
  ssoFlow: Buffer;
  /** Signs the device cookie of a browser an account has signed in from. */
  device: Buffer;
  /** The key of the admin API keys' hashes. */
  apiKey: Buffer;
  /** The key of the recovery codes' HMACs. */
  recoveryCode: Buffer;
  /** The key of the new-device codes' HMACs. */
  deviceCode: Buffer;
  /** Seals the help-desk operators' authenticator secrets: apart from the users' token seeds. */
  operatorSeal: Buffer;
  /** The help-desk console's anti-forgery tokens, on the admin listener: apart from the public listener's. */
  consoleCsrf: Buffer;
  /** Seals an operator's sign-on at the staff identity provider into its cookie: apart from the cobrands' flows. */
  consoleFlow: Buffer;
}

export function loadPortalSecret(configured: string | null, dataDir: string, warn: (message: string) => void): string {
  if (configured) return configured;
  const file = join(dataDir, 'portal-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  warn(
    `PORTAL_SECRET is not set: generated one in ${file}. Several instances must share one configured PORTAL_SECRET.`,
  );
  return secret;
}

export function deriveKeys(secret: string): PortalKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'cobrand-portal', purpose, 32));
  return {
    csrf: derive('anti-forgery token'),
    userIdentity: derive('directory identity'),
    pin: derive('token pin'),
    seal: derive('token seed encryption'),
    temporaryPassword: derive('temporary password digest'),
    ssoFlow: derive('single sign-on flow'),
    device: derive('device cookie'),
    apiKey: derive('admin api key'),
    recoveryCode: derive('recovery code'),
    deviceCode: derive('device code'),
    operatorSeal: derive('operator authenticator seal'),
    consoleCsrf: derive('console anti-forgery token'),
    consoleFlow: derive('console sign-on flow'),
  };
}
