/**
 * A browser at SimpleSAMLphp, without a browser: a cookie jar, the redirects from the portal's AuthnRequest to the
 * login form, the username and password posted, and the auto-submitting form that carries the SAMLResponse back.
 */

/** The form SimpleSAMLphp's page posts to the portal's assertion consumer service. */
export interface SamlPostForm {
  action: string;
  SAMLResponse: string;
  RelayState: string;
}

const decodeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden inputs of a page, by name. */
export function hiddenInputs(page: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [tag] of page.matchAll(/<input\b[^>]*>/gi)) {
    if (!/type=["']hidden["']/i.test(tag)) continue;
    const name = /\bname=["']([^"']*)["']/i.exec(tag)?.[1];
    const value = /\bvalue=["']([^"']*)["']/i.exec(tag)?.[1] ?? '';
    if (name) inputs[decodeHtml(name)] = decodeHtml(value);
  }
  return inputs;
}

/** The SAMLResponse and RelayState of an auto-submitting page, and where it posts them. */
export function samlPostForm(page: string): SamlPostForm {
  const inputs = hiddenInputs(page);
  const action = /<form\b[^>]*\baction=["']([^"']+)["']/i.exec(page)?.[1];
  if (!action || !inputs.SAMLResponse) throw new Error(`no SAML form on the page:\n${page.slice(0, 2000)}`);
  return { action: decodeHtml(action), SAMLResponse: inputs.SAMLResponse, RelayState: inputs.RelayState ?? '' };
}

export class SspBrowser {
  private readonly jar = new Map<string, string>();

  async go(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** Follows redirects from `url` while they stay at `origin`; the last page and its address. */
  async follow(url: string, origin: string, form?: Record<string, string>): Promise<{ url: string; page: string }> {
    let current = await this.go(url, form);
    let at = url;
    while (current.status >= 300 && current.status < 400) {
      const next = new URL(current.headers.get('location')!, at).href;
      if (!next.startsWith(origin)) return { url: next, page: '' };
      at = next;
      current = await this.go(at);
    }
    return { url: at, page: await current.text() };
  }

  /**
   * From the portal's redirect to SimpleSAMLphp (`location`) to the form it posts back: the login form is filled in
   * when it is shown (not when SimpleSAMLphp's session already knows the user).
   */
  async signIn(location: string, username: string, password: string): Promise<SamlPostForm> {
    const origin = new URL(location).origin;
    let page = await this.follow(location, origin);
    if (/name=["']password["']/.test(page.page)) {
      const fields = { ...hiddenInputs(page.page), username, password };
      // The form's action is `?`: the same address, its AuthState posted as a hidden input.
      page = await this.follow(new URL('?', page.url).href, origin, fields);
    }
    return samlPostForm(page.page);
  }
}

/**
 * A test app's client (harness.ts's TestClient) as far as posting a form goes: named by its shape, so that the browser
 * tests can drive the providers without the service's modules.
 */
interface FormPoster<A> {
  post(path: string, options: { form: Record<string, string>; csrf: false; browser: true }): Promise<A>;
}

/** Posts SimpleSAMLphp's form to the portal as the browser that started the sign-on (a test app's client). */
export function postToPortal<A>(client: FormPoster<A>, form: SamlPostForm): Promise<A> {
  const path = new URL(form.action).pathname;
  return client.post(path, {
    form: { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState },
    csrf: false,
    browser: true,
  });
}
