// The sign-in sequence's floor on this machine (figure 1): a bare Fastify server (the same Fastify package, no plugins,
// no logger, no database) answering figure 1's three calls with the shapes the service gives, where send-login does
// nothing but the one argon2id verify, with @node-rs/argon2 on a pool the size the service's entry gives.
// Run: PORT=<port> PASSWORD_HASH=<the seed's hash> node bench/lib/bare-signin-server.mjs
import { verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { parse } from 'node:querystring';
import Fastify from 'fastify';

const hash = process.env.PASSWORD_HASH;
const app = Fastify({ logger: false });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
  done(null, parse(body)),
);
app.get('/sdportal/logout', async (_request, reply) => {
  reply.header('set-cookie', `sec-token=${randomBytes(15).toString('base64url')}; Path=/; SameSite=Strict`);
  return reply.code(204).send();
});
app.get('/sdportal/rest/login/info', async (request) => ({
  ldapId: request.query.username,
  loginType: 'password',
  b2BAlias: request.query.username,
}));
app.post('/pkmslogin.form', async (request, reply) => {
  reply.type('text/plain; charset=utf-8');
  if (!(await verify(hash, request.body.password))) return reply.code(401).send('refused');
  reply.header('set-cookie', `portal-session=${randomBytes(32).toString('base64url')}; Path=/; HttpOnly; SameSite=Lax`);
  return '/platform/home';
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
