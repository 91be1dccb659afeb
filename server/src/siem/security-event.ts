/** An audit event in the published shape (contract/schemas/security-event.v1.json), as the SIEM receives it. */
import { SECURITY_EVENT_VERSION, type SecurityEvent } from '@portal/contract/schemas';
import type { EventAccount, RecordedEvent } from '../db/audit-log.js';

/**
 * Refusals: a kind that says so, or an event whose detail names how it ended other than `success` (an admin call
 * refused for its key, its scope or the throttle). Every other event records something that was done.
 */
const failed = ({ kind, detail }: RecordedEvent) =>
  kind.endsWith('.failure') ||
  kind.endsWith('.failed') ||
  kind.endsWith('.refused') ||
  (typeof detail.outcome === 'string' && detail.outcome !== 'success');

/** The step that signed the user in where the event names one, else the kind of account; admin for the CLI's changes. */
function methodOf(event: RecordedEvent, account: EventAccount | undefined): SecurityEvent['method'] {
  if (event.actor) return 'admin';
  const step = event.detail.step;
  if (step === 'sso' || step === 'password') return step;
  if (typeof step === 'string') return 'token';
  if (!account) return null;
  return account.loginType === 'token' ? 'token' : 'password';
}

export function securityEvent(event: RecordedEvent, account: EventAccount | undefined): SecurityEvent {
  const named = event.detail.cobrand;
  return {
    version: SECURITY_EVENT_VERSION,
    id: event.id,
    type: event.kind,
    time: new Date(event.at).toISOString(),
    outcome: failed(event) ? 'failure' : 'success',
    method: methodOf(event, account),
    account: account ? { id: account.id, userId: account.userId } : null,
    cobrand: account?.cobrand ?? (typeof named === 'string' ? named : null),
    client: { address: event.address, userAgent: event.userAgent },
    actor: event.actor,
    detail: event.detail,
  };
}
