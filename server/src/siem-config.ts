/** The deployment's SIEM settings (docs/operations.md, "Security events to the SIEM"), checked at start. */
import { accessSync, constants } from 'node:fs';
import { resolve } from 'node:path';
import { Type } from 'typebox';

const optional = (pattern: string, problem: string) => Type.Optional(Type.String({ pattern, problem }));

/** The SIEM's environment variables, as config.ts validates them. */
export const SIEM_ENVIRONMENT = {
  SIEM_WEBHOOK_URL: optional('^https?://[^/?#]+', 'must be a webhook address such as https://siem.bank.example/in'),
  SIEM_WEBHOOK_SECRET: Type.Optional(Type.String()),
  SIEM_SYSLOG_URL: optional('^(tcp|tls)://[^/?#]+:[0-9]{1,5}$', 'must look like tcp://host:514 or tls://host:6514'),
  SIEM_SYSLOG_CA_FILE: Type.Optional(Type.String()),
};

export interface SiemConfig {
  /** A Standard Webhooks endpoint and its secret; null: none. */
  webhook: { url: string; secret: string } | null;
  /** A syslog server (`tcp://` or `tls://`), and the CAs its certificate must chain to; null: none. */
  syslog: { url: string; caFile: string | null } | null;
}

interface SiemEnvironment {
  SIEM_WEBHOOK_URL?: string | undefined;
  SIEM_WEBHOOK_SECRET?: string | undefined;
  SIEM_SYSLOG_URL?: string | undefined;
  SIEM_SYSLOG_CA_FILE?: string | undefined;
}

const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

/** The webhook needs its secret (an unsigned event could be forged); a CA file is for TLS and must be readable. */
export function siemOf(e: SiemEnvironment, cwd: string, problems: string[]): SiemConfig {
  if (Boolean(e.SIEM_WEBHOOK_URL) !== Boolean(e.SIEM_WEBHOOK_SECRET))
    problems.push('SIEM_WEBHOOK_URL and SIEM_WEBHOOK_SECRET go together: set both or neither');
  if (e.SIEM_WEBHOOK_SECRET && !WEBHOOK_SECRET.test(e.SIEM_WEBHOOK_SECRET))
    problems.push('SIEM_WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ and at least 24 bytes in base64');
  const caFile = e.SIEM_SYSLOG_CA_FILE ? resolve(cwd, e.SIEM_SYSLOG_CA_FILE) : null;
  if (caFile && !e.SIEM_SYSLOG_URL?.startsWith('tls:'))
    problems.push('SIEM_SYSLOG_CA_FILE needs a tls:// SIEM_SYSLOG_URL');
  if (caFile) {
    try {
      accessSync(caFile, constants.R_OK);
    } catch {
      problems.push(
        `SIEM_SYSLOG_CA_FILE must be a readable PEM file of the syslog server's CA (got "${e.SIEM_SYSLOG_CA_FILE}")`,
      );
    }
  }
  const webhook =
    e.SIEM_WEBHOOK_URL && e.SIEM_WEBHOOK_SECRET ? { url: e.SIEM_WEBHOOK_URL, secret: e.SIEM_WEBHOOK_SECRET } : null;
  return { webhook, syslog: e.SIEM_SYSLOG_URL ? { url: e.SIEM_SYSLOG_URL, caFile } : null };
}
