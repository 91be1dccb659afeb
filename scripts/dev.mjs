// `npm run dev`: the service from source on port 8080 plus the Vite dev server on 5173, which proxies to it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, NODE_ENV: 'development' };
if (process.stdout.isTTY) env.LOG_FORMAT ??= 'pretty';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit', env }),
];
console.log('Portal (dev): http://localhost:5173/public-portal-ui/login-signin-component');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
