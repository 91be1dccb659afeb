/**
 * A pysaml2 7 identity provider (Debian's `python3-pysaml2`) with its defaults (server/test/pysaml2/idp.py): its
 * NameID is transient unless the AuthnRequest asks for another format. Run by Debian's own Python on a free loopback
 * port, with the portal's SP metadata as a file and a user already signed in there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';
import { keyAndCertificate } from './simplesamlphp.js';
import { type SamlPostForm, samlPostForm } from './simplesamlphp/browser.js';

const IDP = fileURLToPath(new URL('./pysaml2/idp.py', import.meta.url));
/** Debian's Python, which has the package (another python3 may come first on the PATH). */
const PYTHON = '/usr/bin/python3';

export class Pysaml2Idp {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-pysaml2-'));
  private output = '';
  base = '';

  get metadataUrl(): string {
    return `${this.base}/metadata`;
  }

  /** Takes a free port, so that its addresses are known before it starts. */
  async reserve(): Promise<this> {
    this.base = `http://127.0.0.1:${(await freePort()) as number}`;
    return this;
  }

  async start(spMetadata: string, user: string): Promise<this> {
    if (!this.base) await this.reserve();
    const { key, cert } = keyAndCertificate('pysaml2-idp');
    const files = { key: join(this.dir, 'key.pem'), cert: join(this.dir, 'cert.pem'), sp: join(this.dir, 'sp.xml') };
    writeFileSync(files.key, key);
    writeFileSync(files.cert, cert);
    writeFileSync(files.sp, spMetadata);
    const port = new URL(this.base).port;
    const child = spawn(PYTHON, [IDP, port, files.key, files.cert, files.sp, user], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`pysaml2 exited (${code}): ${this.output}`))),
    );
    exited.catch(() => undefined);
    // One that does not come up is not left running.
    await Promise.race([this.untilAnswering(), exited]).catch((error: unknown) => {
      child.kill('SIGTERM');
      throw error;
    });
    return this;
  }

  private async untilAnswering(): Promise<void> {
    while (
      !(await fetch(this.metadataUrl).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** The portal's AuthnRequest taken to the IdP: its auto-posting form with the answer. */
  async answer(location: string): Promise<SamlPostForm> {
    const page = await fetch(location);
    if (!page.ok) throw new Error(`pysaml2 answered ${page.status}: ${this.output.slice(-2000)}`);
    return samlPostForm(await page.text());
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
