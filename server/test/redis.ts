/**
 * A Redis server of the test's own (Debian's `redis-server`) on a free loopback port, nothing saved, which the test
 * can stop and start again on the same port: an outage of the shared throttle's Redis, never of the machine's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '../../scripts/free-port.mjs';

export class RedisServer {
  private child: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.port ||= (await freePort()) as number;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    this.child = child;
    for (let tries = 0; !(await this.answers()); tries += 1) {
      if (child.exitCode !== null || tries > 100) throw new Error(`redis-server did not listen on ${this.port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }
}
