/**
 * The alert rules of docs/prometheus/ through Debian's promtool (the prometheus package): they load, each fires on a
 * series that should fire it and stays silent on one that should not (portal-rules.test.yml), and the example
 * Prometheus configuration that loads them is valid.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const rulesDir = fileURLToPath(new URL('../../docs/prometheus/', import.meta.url));

/** promtool's exit status and everything it printed. */
function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: rulesDir, encoding: 'utf8' });
  if (run.error) throw new Error(`promtool did not run (apt-get install prometheus): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the Prometheus rules', () => {
  it('load', () => {
    const check = promtool('check', 'rules', 'portal-rules.yml');
    expect(check.output).toContain('SUCCESS');
    expect(check.status).toBe(0);
  });

  it('fire on the series that should fire them and stay silent on the others', () => {
    const test = promtool('test', 'rules', 'portal-rules.test.yml');
    expect(test.output).not.toContain('FAILED');
    expect(test.status).toBe(0);
  });

  it('are loaded by a valid example configuration', () => {
    const check = promtool('check', 'config', 'prometheus.yml');
    expect(check.output).not.toContain('FAILED');
    expect(check.status).toBe(0);
  });
});
