/** An error nothing handled is logged, and the process goes on serving (a child process shows it, as Node decides). */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guard = fileURLToPath(new URL('./process-guard.ts', import.meta.url));

describe('the process guard', () => {
  it('logs a rejection nobody awaited and an exception nobody caught, and the process carries on', () => {
    const script = `
      const { guardProcess } = await import(${JSON.stringify(guard)});
      guardProcess({ error: (fields, message) => console.log(JSON.stringify({ message, err: String(fields.err) })) });
      Promise.reject(new Error('a scrape wrote its answer twice'));
      setTimeout(() => { throw new Error('a timer threw'); }, 10);
      setTimeout(() => console.log(JSON.stringify({ message: 'still serving' })), 100);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(run.status).toBe(0);
    expect(lines).toEqual([
      { message: 'unhandled rejection; the service carries on', err: 'Error: a scrape wrote its answer twice' },
      { message: 'uncaught exception; the service carries on', err: 'Error: a timer threw' },
      { message: 'still serving' },
    ]);
  });
});
