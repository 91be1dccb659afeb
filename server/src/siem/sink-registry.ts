/** The sinks configured now: the deployment's (environment) and each cobrand's (its catalogue record). */
import type { SinkFor } from './siem-worker.js';
import { SyslogSink, type SyslogSettings } from './syslog-sink.js';
import { WebhookSink, type Sink } from './sinks.js';

export interface SiemSettings {
  /** The deployment's Standard Webhooks endpoint and its secret (`whsec_…`); null: none. */
  webhook: { url: string; secret: string } | null;
  syslog: SyslogSettings | null;
}

/** A cobrand's own endpoint (CobrandRecord's `securityEvents`), when it has one. */
export type CobrandEndpoint = (cobrand: string) => Promise<{ webhookUrl: string; secretEnv: string } | undefined>;

export interface SiemSinks {
  /** The deployment's sinks, which every event goes to. */
  names: string[];
  sinkFor: SinkFor;
  close(): void;
}

const COBRAND = 'cobrand:';

export function siemSinks(
  settings: SiemSettings,
  cobrandEndpoint: CobrandEndpoint,
  env: Record<string, string | undefined>,
): SiemSinks {
  const open = new Map<string, Sink>();
  const kept = (key: string, make: () => Sink) => open.get(key) ?? open.set(key, make()).get(key)!;
  const { webhook, syslog } = settings;
  const sinkFor: SinkFor = async (name) => {
    if (name === 'webhook' && webhook) return kept('webhook', () => new WebhookSink(webhook.url, webhook.secret));
    if (name === 'syslog' && syslog) return kept('syslog', () => new SyslogSink(syslog));
    if (!name.startsWith(COBRAND)) throw new Error(`no ${name} sink is configured now`);
    const endpoint = await cobrandEndpoint(name.slice(COBRAND.length));
    if (!endpoint) throw new Error(`the cobrand's record names no securityEvents endpoint now`);
    const secret = env[endpoint.secretEnv];
    if (!secret) throw new Error(`${endpoint.secretEnv}, which holds the endpoint's secret, is not set`);
    // Keyed by address and secret: a catalogue change takes effect on the next event.
    return kept(`${name} ${endpoint.webhookUrl} ${secret}`, () => new WebhookSink(endpoint.webhookUrl, secret));
  };
  return {
    names: [...(webhook ? ['webhook'] : []), ...(syslog ? ['syslog'] : [])],
    sinkFor,
    close: () => {
      for (const sink of open.values()) sink.close();
      open.clear();
    },
  };
}
