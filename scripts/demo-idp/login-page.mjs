// The login page both demo identity providers show: a user name and a password, posted back to the same address.

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Answers the page; `hidden` carries protocol values (SAMLRequest, RelayState) through the post. */
export function loginPage(res, title, error = '', hidden = {}) {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  res.writeHead(error ? 401 : 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escape(title)}</title></head><body style="font:16px/1.5 sans-serif;max-width:24rem;margin:2rem auto;padding:0 1rem">
<main><h1 style="font-size:1.4rem">${escape(title)}</h1>${error ? `<p role="alert" style="color:#a00">${escape(error)}</p>` : ''}
<form method="post">${fields}<p><label for="username">User name</label><br><input id="username" name="username" autocomplete="username" required></p>
<p><label for="password">Password</label><br><input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p></form></main></body></html>`);
}

export async function readForm(req) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 1_000_000) throw new Error('too large');
  }
  return Object.fromEntries(new URLSearchParams(body));
}
