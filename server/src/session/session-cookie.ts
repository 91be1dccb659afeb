/** Cookie names and attributes: `__Host-` and Secure whenever the portal is served over https (ARCHITECTURE §5). */
import { CSRF_COOKIE } from '@portal/contract';
import type { CookieSerializeOptions } from '@fastify/cookie';

export interface CookiePolicy {
  sessionCookie: string;
  session: CookieSerializeOptions;
  csrf: CookieSerializeOptions;
}

export function cookiePolicy(secure: boolean): CookiePolicy {
  return {
    sessionCookie: secure ? '__Host-portal-session' : 'portal-session',
    session: { path: '/', httpOnly: true, sameSite: 'lax', secure },
    // Read by the page's script to echo in the X-XSRF-TOKEN header, so not HttpOnly.
    csrf: { path: '/', httpOnly: false, sameSite: 'strict', secure },
  };
}

export { CSRF_COOKIE };
