/**
 * The floor of figure 4's round trips: the sign-in page as the service answered it, with the same scripts and
 * stylesheets, served as files by a bare Node server (no framework, nothing computed per request), text compressed
 * with brotli ahead of time as the service's built files are. The same bytes, so what the service costs beyond them
 * is what figures 4 and 8 show. With `responseHeaders`, each file also carries the headers the service answered it with
 * (security headers, cookies, caching), but those named in `dropHeaders`: figure 8 reads what those headers cost.
 */
import { createServer } from 'node:http';
import { brotliCompressSync } from 'node:zlib';

const TEXT = /^(text\/|application\/(javascript|json))/;
/** Headers of the transfer itself, which the copy sets for its own bytes. */
const TRANSFER = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'date',
  'connection',
  'keep-alive',
]);

function keptHeaders(response) {
  const kept = {};
  response.headers.forEach((value, name) => {
    if (!TRANSFER.has(name) && name !== 'set-cookie') kept[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  return cookies.length ? { ...kept, 'set-cookie': cookies } : kept;
}

/** Fetches the page and every same-origin file it names (scripts, stylesheets, module preloads, images). */
async function snapshot(portalUrl, path, headers) {
  const files = new Map();
  const get = async (address) => {
    const response = await fetch(new URL(address, portalUrl), { headers });
    files.set(address, {
      type: response.headers.get('content-type'),
      headers: keptHeaders(response),
      body: Buffer.from(await response.arrayBuffer()),
    });
    return files.get(address).body.toString('utf8');
  };
  const html = await get(path);
  const named = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));
  await Promise.all(named.filter((address) => !files.has(address)).map(get));
  return files;
}

export async function startStaticCopy(
  portalUrl,
  path,
  headers = {},
  { responseHeaders = false, dropHeaders = [] } = {},
) {
  const files = await snapshot(portalUrl, path, headers);
  for (const file of files.values()) if (TEXT.test(file.type ?? '')) file.brotli = brotliCompressSync(file.body);
  const server = createServer((request, response) => {
    const file = files.get(request.url);
    if (!file) return response.writeHead(404).end();
    const brotli = file.brotli && /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
    const body = brotli ? file.brotli : file.body;
    const answered = responseHeaders
      ? Object.fromEntries(Object.entries(file.headers).filter(([name]) => !dropHeaders.includes(name)))
      : {};
    response
      .writeHead(200, {
        ...answered,
        'content-type': file.type,
        'content-length': body.length,
        ...(brotli ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}),
      })
      .end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
