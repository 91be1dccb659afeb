/**
 * A built copy of the service at another commit, for `npm run bench:compare`: a detached git worktree that shares this
 * checkout's installed packages (the workspace's own packages point into the worktree) and its built web front end.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './servers.mjs';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/** Links every installed package of this checkout, except the workspace's own, which link into the worktree. */
function shareModules(dir) {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@portal'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '@portal') symlinkSync(join(root, 'node_modules', entry), join(modules, entry));
  }
  for (const workspace of readdirSync(join(root, 'node_modules/@portal'))) {
    symlinkSync(join('../..', workspace), join(modules, '@portal', workspace));
  }
}

/** The service built at `revision` in a worktree `name` under `parent`; answers the worktree's folder and commit. */
export function buildRevision(revision, parent, name) {
  const commit = git('rev-parse', '--short', `${revision}^{commit}`);
  const dir = join(parent, name);
  git('worktree', 'add', '--detach', dir, commit);
  shareModules(dir);
  // The comparisons are of the service; the pages it serves come from this checkout's build.
  if (!existsSync(join(root, 'web/dist'))) throw new Error('build this checkout first (npm run build)');
  symlinkSync(join(root, 'web/dist'), join(dir, 'web/dist'));
  execFileSync('npm', ['run', 'build', '--workspace', 'server'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return { dir, commit, remove: () => git('worktree', 'remove', '--force', dir) };
}

export const describeRevision = (revision) => git('log', '-1', '--format=%h %s', revision);
