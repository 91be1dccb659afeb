// `npm start`: the production build (built only when missing or stale), on the embedded database with demo data.
// The service runs as a child through its own entry (server/start.cjs, which sizes libuv's pool before it starts);
// a signal to this process is passed on, and this process ends with the service.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
const service = spawn(process.execPath, [fileURLToPath(new URL('../server/start.cjs', import.meta.url))], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
