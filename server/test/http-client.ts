/** A browser-like client over real HTTP, for the tests that talk to the service as a process or through a proxy. */
import { CSRF_COOKIE, Paths } from '@portal/contract';

/** A browser-like client over real HTTP: cookies, §7's headers, the anti-forgery token. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async call(
    method: string,
    path: string,
    body?: { form?: Record<string, string>; json?: unknown },
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json, text/plain, */*',
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['X-XSRF-TOKEN'] = this.cookies.get(CSRF_COOKIE) ?? '';
    let payload: string | undefined;
    if (body?.form)
      [headers['content-type'], payload] = [
        'application/x-www-form-urlencoded',
        new URLSearchParams(body.form).toString(),
      ];
    if (body?.json !== undefined) [headers['content-type'], payload] = ['application/json', JSON.stringify(body.json)];
    const response = await fetch(`${this.base}${path}`, { method, headers, body: payload, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value = ''] = pair!.split('=');
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
    return { status: response.status, text: await response.text(), headers: response.headers };
  }
  async signIn(userId: string, password: string): Promise<number> {
    await this.call('GET', Paths.logout);
    const info = JSON.parse((await this.call('GET', `${Paths.loginInfo}?username=${userId}`)).text);
    return (
      await this.call('POST', Paths.sendLogin, {
        form: { username: info.ldapId, 'login-form-type': 'password', password },
      })
    ).status;
  }
}
