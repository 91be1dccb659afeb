// A real FreeRADIUS (Debian's `freeradius`) on a loopback port, standing in for a bank's token server in the tests:
// its configuration is written to a folder of its own, the token policy is policy.conf beside this file, and it can
// be stopped and started again mid-test. Plain JavaScript, so the server's tests and the browser tests both use it.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FREERADIUS = '/usr/sbin/freeradius';
const POLICY = fileURLToPath(new URL('./policy.conf', import.meta.url));
const HOST = '127.0.0.1';

/** A UDP port nobody holds on loopback right now. */
async function freeUdpPort() {
  const socket = createSocket('udp4');
  await new Promise((resolve) => socket.bind(0, HOST, resolve));
  const { port } = socket.address();
  await new Promise((resolve) => socket.close(resolve));
  return port;
}

// Every path in the folder: no pid file, log or socket under /var. No `user`/`group`, so it never drops privileges.
const configuration = (dir, port, secret) => `
prefix = /usr
exec_prefix = /usr
sysconfdir = /etc
localstatedir = ${dir}
sbindir = /usr/sbin
logdir = ${dir}
raddbdir = ${dir}
radacctdir = ${dir}
name = freeradius
confdir = ${dir}
modconfdir = ${dir}
run_dir = ${dir}
db_dir = ${dir}
libdir = /usr/lib/freeradius
pidfile = ${dir}/freeradius.pid
max_request_time = 30
cleanup_delay = 5
max_requests = 1024
hostname_lookups = no
log {
	destination = stdout
	auth = yes
}
security {
	allow_core_dumps = no
	max_attributes = 200
	reject_delay = 0
	status_server = no
}
thread pool {
	start_servers = 2
	max_servers = 4
	min_spare_servers = 1
	max_spare_servers = 3
	max_requests_per_server = 0
}
modules {
	always ok {
		rcode = ok
	}
	always reject {
		rcode = reject
	}
	always handled {
		rcode = handled
	}
}
client portal {
	ipaddr = ${HOST}
	secret = "${secret}"
	require_message_authenticator = yes
}
server portal {
	listen {
		type = auth
		ipaddr = ${HOST}
		port = ${port}
	}
	authorize {
		# Every answer carries a Message-Authenticator, as servers patched against Blast-RADIUS send it.
		update reply {
			&Message-Authenticator := 0x00
		}
		update control {
			&Auth-Type := token-server
		}
	}
	authenticate {
		$INCLUDE ${POLICY}
	}
}
`;

/** Starts FreeRADIUS answering `secret` on a free loopback port; `stop()`/`start()` mid-test, `close()` at the end. */
export async function startFreeRadius({ secret }) {
  if (!existsSync(FREERADIUS)) {
    throw new Error(
      `FreeRADIUS is required for the token-server tests and was not found at ${FREERADIUS}: apt-get install freeradius`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-freeradius-'));
  const port = await freeUdpPort();
  writeFileSync(join(dir, 'radiusd.conf'), configuration(dir, port, secret));
  // The local dictionary; the standard ones come from /usr/share/freeradius.
  writeFileSync(join(dir, 'dictionary'), '\n');
  let child = null;

  async function start() {
    if (child) return;
    const started = spawn(FREERADIUS, ['-f', '-l', 'stdout', '-d', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`FreeRADIUS did not start in 10 s:\n${output}`)), 10_000);
      const read = (chunk) => {
        output += chunk;
        if (output.includes('Ready to process requests')) {
          clearTimeout(timer);
          resolve();
        }
      };
      started.stdout.on('data', read);
      started.stderr.on('data', read);
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`FreeRADIUS exited with code ${code}:\n${output}`));
      });
    });
    started.removeAllListeners('exit');
    // Keep reading what it logs, so a full pipe never stops it.
    for (const stream of [started.stdout, started.stderr]) {
      stream.removeAllListeners('data');
      stream.resume();
    }
    child = started;
  }

  async function stop() {
    if (!child) return;
    const stopping = child;
    child = null;
    const exited = new Promise((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    host: HOST,
    port,
    secret,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
