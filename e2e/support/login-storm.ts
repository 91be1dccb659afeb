/**
 * A login storm from Node, as the load test makes one (bench/figures/login-storm.mjs): many browsers of real users at
 * once, each running §7's sign-in (the logout pre-step, login info, send-login) and sending send-login again the
 * moment it is refused for load, so the portal's hash queue stays over its bound until the storm stops.
 */
import { CSRF_COOKIE, Paths, REQUEST_HEADERS } from '@portal/contract';

export interface StormCounts {
  signedIn: number;
  refused: number;
  /** Any other answer (a 401 when six sign-ins of one account were already under way) or a failed connection. */
  other: number;
}

export interface Storm {
  counts: StormCounts;
  /** Sends no more sign-ins, and settles once every one under way has its answer. */
  stop(): Promise<void>;
}

interface NodeBrowser {
  cookie: string;
  token: string;
  ldapId: string;
}

/** The logout pre-step (for the anti-forgery token) and the login-info call (for the user's ldapId). */
async function openBrowser(base: string, userId: string): Promise<NodeBrowser> {
  const logout = await fetch(`${base}${Paths.logout}`, { headers: REQUEST_HEADERS });
  await logout.arrayBuffer();
  const token = logout.headers
    .getSetCookie()
    .map((line) => line.match(new RegExp(`^${CSRF_COOKIE}=([^;]*)`))?.[1])
    .find(Boolean);
  if (!token) throw new Error(`the logout pre-step answered ${logout.status} without an anti-forgery token`);
  const cookie = `${CSRF_COOKIE}=${token}`;
  const info = await fetch(`${base}${Paths.loginInfo}?${new URLSearchParams({ username: userId })}`, {
    headers: { ...REQUEST_HEADERS, cookie },
  });
  const { ldapId } = (await info.json()) as { ldapId: string };
  return { cookie, token, ldapId };
}

async function sendLogin(base: string, browser: NodeBrowser, password: string): Promise<number> {
  const answer = await fetch(`${base}${Paths.sendLogin}`, {
    method: 'POST',
    headers: {
      ...REQUEST_HEADERS,
      cookie: browser.cookie,
      'x-xsrf-token': browser.token,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ username: browser.ldapId, 'login-form-type': 'password', password }).toString(),
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** Starts `inFlight` browsers signing in over and over, shared out among `users` (all with `password`). */
export function startStorm(base: string, users: readonly string[], password: string, inFlight = 64): Storm {
  let running = true;
  const counts: StormCounts = { signedIn: 0, refused: 0, other: 0 };
  const browserLoop = async (userId: string) => {
    let browser: NodeBrowser | null = null;
    while (running) {
      try {
        browser ??= await openBrowser(base, userId);
        const status = await sendLogin(base, browser, password);
        if (status === 503) counts.refused += 1;
        else if (status === 200) counts.signedIn += 1;
        else counts.other += 1;
        // Refused for load, nothing was done: the same browser sends again. Otherwise a new browser starts over.
        if (status !== 503) browser = null;
      } catch {
        counts.other += 1;
        browser = null;
      }
    }
  };
  const loops = Array.from({ length: inFlight }, (_, i) => browserLoop(users[i % users.length]!));
  return {
    counts,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** One sign-in from Node, as a browser makes it; answers send-login's status. */
export async function signInOnce(base: string, userId: string, password: string): Promise<number> {
  return sendLogin(base, await openBrowser(base, userId), password);
}
