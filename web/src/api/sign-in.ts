/** §7's sign-in sequence from the browser: logout pre-step, login-info lookup, send-login; answers where to go. */
import { Paths, isAllowedRedirect, type LoginInfo } from '@portal/contract';
import { HttpError, call, getJson } from './client';

/**
 * `cobrand`: the page's cobrand, sent as `cobrandHost` (the service does a try's work for the page it was made on).
 * `afterProvider`: the token step after single sign-on, whose session (the provider's sign-in) the logout pre-step
 * would end.
 */
export async function signIn(
  userId: string,
  password: string,
  cobrand: string,
  afterProvider = false,
): Promise<string> {
  try {
    if (!afterProvider) await call(Paths.logout);
  } catch {
    // §8: a failed logout pre-step reads as an invalid login.
    throw new HttpError(401, null);
  }
  const info = await getJson<LoginInfo>(`${Paths.loginInfo}?username=${encodeURIComponent(userId)}`);
  const response = await call(Paths.sendLogin, {
    method: 'POST',
    form: { username: info.ldapId, 'login-form-type': info.loginType, password, cobrandHost: cobrand },
  });
  return whereNext(response);
}

/** Where a sign-in's answer (send-login's, or a passkey's) sends the browser: this site, or an https address. */
export async function whereNext(response: Response): Promise<string> {
  const text = (await response.text()).trim();
  // §4: the browser goes to the decoded address; an address that is already plain is used as it is.
  const target = /^(\/|https?:)/.test(text) ? text : decodeURIComponent(text);
  const sameSite = isAllowedRedirect(target, [], location.origin);
  if (!sameSite && !/^https:\/\/[^/\\]/.test(target)) throw new HttpError(500, null);
  return target;
}
