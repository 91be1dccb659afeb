/** What the route and the sign-in service exchange: what the route knows of the browser, and where it goes next. */
import type { Origin } from '../db/audit-log.js';
import type { StartSession } from '../session/index.js';

/** What the route knows of the browser: its session, language and device cookies, and where it is (for the audit). */
export interface BrowserState {
  sessionId: string | undefined;
  locale: string | undefined;
  origin: Origin;
  /** Its cookies, for a page a full sign-in may put before its destination (`SignInDeps.onward`). */
  cookies?: Readonly<Record<string, string | undefined>>;
  /** The trusted device its device cookie names, the cookie's MAC checked (the device capability's). */
  deviceId: string | undefined;
}

/** Where the browser goes next, and the session the route opens for it (none when it only asks again). */
export interface SignInDecision {
  location: string;
  open?: StartSession;
  /** The trusted device whose cookie the browser gets (or has renewed) with this answer. */
  device?: string;
}
