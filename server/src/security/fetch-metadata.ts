/**
 * Whether a request is the portal's own doing or its user's, rather than another site's (Fetch Metadata): a
 * same-origin fetch or navigation, or the user's own navigation (typed or bookmarked: `none`). A browser that sends no
 * Fetch Metadata proves it with the portal's XHR header, which another site cannot send without a CORS preflight that
 * the service never grants. A link on another site proves nothing, so a logout it starts is only asked, never done.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function cameFromPortal(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return headers['x-requested-with'] === 'XMLHttpRequest';
}
