// A loopback port free at the moment of asking, for a child process the caller is about to start (browser tests, the
// crash test, benchmarks, the cobrand sheet): the child must know its port before it starts, so port 0 will not do.
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
