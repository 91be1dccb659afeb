// The reference for the cheap calls: a bare Fastify hello-world, the same Fastify version the service runs on.
// With HELLO_WITH_SECURITY_HEADERS=1 (run under tsx) it also registers the service's own security headers
// (server/src/http/headers.ts), to show what that one plugin costs.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
if (process.env.HELLO_WITH_SECURITY_HEADERS === '1') {
  const { registerSecurityHeaders } = await import('../../server/src/http/headers.ts');
  await registerSecurityHeaders(app);
}
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
