/** How an audit event reads at the SIEM: its outcome, and how the user proved who they are. */
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../db/audit-log.js';
import { securityEvent } from './security-event.js';

const account = { id: 'a1', userId: 'demopass', cobrand: 'skerrymoor', loginType: 'password' as const };
const event = (kind: RecordedEvent['kind'], detail: RecordedEvent['detail'] = {}): RecordedEvent => ({
  ...{ id: 'e1', at: Date.UTC(2026, 10, 28), kind, accountId: 'a1', detail },
  ...{ address: '203.0.113.9', userAgent: 'Mozilla/5.0', actor: null },
});

describe('a new-device code at the SIEM', () => {
  it('is a failure when the code was wrong or could not be mailed, a success when mailed or passed', () => {
    const outcome = (kind: RecordedEvent['kind'], detail?: RecordedEvent['detail']) =>
      securityEvent(event(kind, detail), account).outcome;
    expect(outcome('signin.verification.failed', { triesLeft: 4 })).toBe('failure');
    expect(outcome('signin.verification.unsent', { outcome: 'failure' })).toBe('failure');
    expect(outcome('signin.verification.sent')).toBe('success');
    expect(outcome('signin.verification.passed')).toBe('success');
  });

  it('names the password as what the sign-in it passes was made with', () => {
    expect(securityEvent(event('signin.success', { step: 'password' }), account).method).toBe('password');
  });
});
