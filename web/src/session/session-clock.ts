/**
 * The session's clock, shared by every tab of the browser (BroadcastChannel): one tab's renewal moves the deadline
 * in all of them, one tab's logout ends them all. Deadlines come from the service's own answers, so the warning
 * shows when the service's idle timer really has 80 s left (220 s after the last renewal with the default 300 s).
 */
import { Paths, SESSION_COUNTDOWN_SECONDS, type SessionRenewal } from '@portal/contract';
import { getJson } from '../api/client';

/** Renewals carry the time left rather than a deadline: each tab counts down on its own clock. */
export type SessionEvent = { type: 'renewed'; remainingMs: number } | { type: 'logout' };

const CHANNEL = 'portal-session';

export class SessionClock {
  private readonly channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  private readonly listeners = new Set<(event: SessionEvent) => void>();

  constructor() {
    this.channel?.addEventListener('message', (message: MessageEvent<SessionEvent>) => this.emit(message.data));
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Renews the session at the service and tells every tab; throws when the service refuses. */
  async renew(): Promise<void> {
    const { idleExpiresAt, serverTime } = await getJson<SessionRenewal>(Paths.sessionPing);
    this.publish({ type: 'renewed', remainingMs: idleExpiresAt - serverTime });
  }

  logout(cobrand: string): void {
    this.publish({ type: 'logout' });
    location.assign(`${Paths.logout}?cobrandHost=${encodeURIComponent(cobrand)}`);
  }

  close(): void {
    this.channel?.close();
  }

  private publish(event: SessionEvent): void {
    this.channel?.postMessage(event);
    this.emit(event);
  }

  private emit(event: SessionEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** When the warning shows for a given deadline. */
export const warningAt = (idleExpiresAt: number): number => idleExpiresAt - SESSION_COUNTDOWN_SECONDS * 1000;

/** §9: the countdown shows as mm:ss. */
export function mmss(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
