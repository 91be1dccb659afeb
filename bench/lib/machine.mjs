/** What the figures were measured on. Read-only look-ups. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { root } from './servers.mjs';
import { CHROMIUM_PATH } from './chromium.mjs';

const safe = (fn, fallback = 'unknown') => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const loadAverage = () => safe(() => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '));

export function describeMachine() {
  const cpuinfo = safe(() => readFileSync('/proc/cpuinfo', 'utf8'), '');
  const model = cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  const mhz = cpuinfo.match(/^cpu MHz\s*:\s*(.+)$/m)?.[1];
  const os = safe(() => readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]+)/m)?.[1]);
  const git = (args) =>
    safe(
      () => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      '',
    );
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['--no-optional-locks', 'status', '--porcelain', '--untracked-files=no']) !== '';
  return {
    nproc: safe(() => execFileSync('nproc', { encoding: 'utf8' }).trim(), String(cpus().length)),
    cpu: `${model}${mhz ? ` (${Math.round(Number(mhz))} MHz)` : ''}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    os,
    kernel: safe(() => readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim()),
    chromium: existsSync(CHROMIUM_PATH)
      ? `${CHROMIUM_PATH}${safe(() => ` (Debian package ${execFileSync('dpkg-query', ['-W', '-f', '${Version}', 'chromium'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()})`, '')}`
      : 'not installed',
    // What the service's entry (server/start.cjs) gives the service.
    uvThreadpool: process.env.UV_THREADPOOL_SIZE
      ? `${process.env.UV_THREADPOOL_SIZE} (UV_THREADPOOL_SIZE)`
      : `${availableParallelism()} (a thread a core, set by server/start.cjs)`,
    commit: commit ? `${commit}${dirty ? ' with uncommitted changes' : ''}` : 'unknown',
  };
}

/** utime + stime + cutime + cstime (its own CPU and that of the children it has reaped) of a process, in clock ticks. */
function processTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return {
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
  };
}

/**
 * CPU ticks of the whole machine and of the benchmark itself: this process and every live descendant (the servers,
 * Chromium and its renderers), each with the children it has reaped (the raw argon2 runs, the seeder, closed pages),
 * to tell how much CPU other work took meanwhile.
 */
export function cpuSnapshot() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = ticks[3] + ticks[4];
  const processes = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      processes.set(Number(name), processTicks(name));
    } catch {
      // ended meanwhile
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of processes) {
      if (!ours.has(pid) && ours.has(ppid)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  let own = 0;
  for (const pid of ours) own += processes.get(pid)?.ticks ?? 0;
  return { total, busy: total - idle, own };
}
/** The share of the machine's CPU (all cores) that processes other than the benchmark used between two snapshots. */
export function othersShare(before, after) {
  const total = after.total - before.total;
  if (total <= 0) return 0;
  return Math.max(0, (after.busy - before.busy - (after.own - before.own)) / total);
}
