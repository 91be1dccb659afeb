/**
 * A real filesystem of a few megabytes that a test fills to the last byte and empties again, to run the service's
 * SQLite on a disk that runs full: a tmpfs mounted in a mount namespace of its own (`unshare`, util-linux), so it
 * needs no root and leaves the machine's mounts alone. A holder process keeps the namespace; the service runs in it
 * (`nsenter`), across restarts, and the test reaches the files through the holder (`/proc/<pid>/root/...`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class SmallDisk {
  /** Where the disk is mounted, as the service sees it: its DATA_DIR. */
  readonly mountPoint = mkdtempSync(join(tmpdir(), 'portal-small-disk-'));
  private holder: ChildProcess | null = null;

  constructor(private readonly sizeBytes = 32 * 1024 * 1024) {}

  /** `unshare -r`: this user is root in a user namespace of its own, so the mount needs no privilege. */
  async mount(): Promise<this> {
    const script = 'mount -t tmpfs -o size="$1" tmpfs "$2" && echo mounted && exec sleep infinity';
    const holder = spawn('unshare', ['-rm', 'sh', '-c', script, 'sh', String(this.sizeBytes), this.mountPoint], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.holder = holder;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('mounted')) resolve();
      };
      holder.stdout!.on('data', read);
      holder.stderr!.on('data', read);
      holder.once('error', reject);
      holder.once('exit', (code) => reject(new Error(`unshare could not mount a tmpfs (exit ${code}): ${output}`)));
    });
    holder.removeAllListeners('exit');
    return this;
  }

  private get pid(): number {
    if (!this.holder?.pid) throw new Error('the small disk is not mounted');
    return this.holder.pid;
  }

  /** `argv` run where the disk is mounted (the holder's namespaces, as the same user). */
  command(argv: string[]): string[] {
    return ['nsenter', '-t', String(this.pid), '-U', '-m', '--preserve-credentials', ...argv];
  }

  /** The disk's folder as this process reaches it. */
  get dir(): string {
    return join(`/proc/${this.pid}/root`, this.mountPoint);
  }

  /** The size of a file on the disk, 0 when there is none. */
  sizeOf(name: string): number {
    try {
      return statSync(join(this.dir, name)).size;
    } catch {
      return 0;
    }
  }

  /** Writes a file until the disk refuses (ENOSPC): nothing more fits, as on a disk that ran full. */
  fill(): void {
    const fd = openSync(join(this.dir, 'filler'), 'a');
    const block = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, block);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    } finally {
      closeSync(fd);
    }
  }

  /** The operator's fix: the filler is deleted and the space is free again. */
  empty(): void {
    rmSync(join(this.dir, 'filler'), { force: true });
  }

  /** Ends the holder, and with it the mount. */
  async unmount(): Promise<void> {
    const holder = this.holder;
    this.holder = null;
    if (holder && holder.exitCode === null && holder.signalCode === null) {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
    }
    rmSync(this.mountPoint, { recursive: true, force: true });
  }
}
