/**
 * The open-loop generator of `fixedRate` (`http.mjs`), run in a worker thread: started with { base, options } as its
 * workerData, it posts the run's result and ends.
 */
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { answerReader } from './http.mjs';

/**
 * Open loop: `rate` requests per second for `seconds`, each started at its scheduled time whatever the answers so far,
 * on keep-alive connections written to directly (one request at a time per connection, a new connection opened when
 * all are busy, up to `maxSockets`; beyond that requests wait their turn). Latency runs from the scheduled start to
 * the last byte of the answer, so a slow answer or a stall counts in full. Plain sockets and prepared request bytes
 * keep the generator's own CPU small. Answers must carry Content-Length.
 */
function openLoop(base, { rate, seconds, requests, maxSockets = 64, expectStatus = 200 }) {
  const { hostname, port } = new URL(base);
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = new Float64Array(total);
  const statusCounts = new Map();
  let done = 0;
  let errors = 0;
  let sent = 0;
  const idle = [];
  const sockets = new Set();
  const waiting = [];
  const encoded = requests.map(({ path, headers }) =>
    Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${Object.entries(headers ?? {})
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`,
    ),
  );
  // The generator's own event-loop delay: how late it could notice answers, for judging the figures' noise.
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  return new Promise((resolve, reject) => {
    const start = performance.now() + 10;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      lag.disable();
      for (const socket of sockets) socket.destroy();
      const wall = (performance.now() - start) / 1000;
      const unexpected = [...statusCounts].filter(([status]) => status !== expectStatus).reduce((a, [, n]) => a + n, 0);
      resolve({
        latencies: Array.from(latencies.subarray(0, done)),
        total,
        errors,
        unexpected,
        statuses: Object.fromEntries(statusCounts),
        lastStatus: [...statusCounts.keys()].find((st) => st !== expectStatus) ?? expectStatus,
        achievedRate: done / wall,
        connections: sockets.size,
        generatorLagP99: lag.percentile(99) / 1e6,
        generatorLagMax: lag.max / 1e6,
      });
    };
    const settle = () => {
      if (done + errors === total) finish();
    };
    const open = () => {
      const socket = net.connect(Number(port), hostname);
      socket.setNoDelay(true);
      sockets.add(socket);
      let current = null;
      const next = () => {
        current = null;
        const queued = waiting.shift();
        if (queued) send(socket, queued);
        else idle.push(socket);
      };
      socket.assign = (job) => {
        current = job;
        socket.write(job.bytes);
      };
      socket.on(
        'data',
        answerReader(
          (answer) => {
            if (!current) return;
            latencies[done] = performance.now() - current.scheduled;
            done += 1;
            statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
            settle();
            next();
          },
          (head) => {
            reject(new Error(`an answer without Content-Length: ${head.slice(0, 200)}`));
            finish();
          },
        ),
      );
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        const i = idle.indexOf(socket);
        if (i >= 0) idle.splice(i, 1);
        if (current) {
          errors += 1;
          current = null;
          settle();
        }
      });
      return socket;
    };
    const send = (socket, job) => socket.assign(job);
    const dispatch = (job) => {
      const socket = idle.pop();
      if (socket) send(socket, job);
      else if (sockets.size < maxSockets) send(open(), job);
      else waiting.push(job);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        dispatch({ bytes: encoded[Math.floor(Math.random() * encoded.length)], scheduled: start + sent * interval });
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
    };
    setTimeout(tick, 10);
  });
}

parentPort.postMessage(await openLoop(workerData.base, workerData.options));
