// `npm start`: the production build (built only when missing or stale), on the embedded database with demo data,
// and in demo mode the demo identity providers of the three SSO cobrands beside it.
// The service runs as a child through its own entry (server/start.cjs, which sizes libuv's pool before it starts),
// with the V8 flag its idle collection needs (--expose-gc, server/src/idle-memory.ts); a signal to this process is
// passed on, and this process ends with the service.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { startDemoProviders } from './demo-idp/demo.mjs';

buildIfStale();
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
// A terminal reads one line a request; a pipe or a file gets JSON, unless LOG_FORMAT says otherwise.
if (process.stdout.isTTY) env.LOG_FORMAT ??= 'pretty';
const demo = !/^(0|false|no|off)$/i.test(process.env.PORTAL_DEMO ?? '') ? await startDemoProviders(env) : null;
const entry = fileURLToPath(new URL('../server/start.cjs', import.meta.url));
const service = spawn(process.execPath, ['--expose-gc', entry], { stdio: ['inherit', 'pipe', 'inherit'], env });
// A reader that went away (`npm start | head`, a closed terminal) must not end the launcher and the service with it.
process.stdout.on('error', () => undefined);
// The providers' lines go after the service's start banner.
let told = !demo;
service.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!told && /is ready\./.test(String(chunk))) {
    told = true;
    setTimeout(() => process.stdout.write(`${demo.banner}\n`), 50);
  }
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => service.kill(signal));
service.on('exit', async (code, signal) => {
  await demo?.close();
  process.exit(code ?? (signal ? 1 : 0));
});
