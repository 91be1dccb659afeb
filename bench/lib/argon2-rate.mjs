/**
 * The raw argon2id verify rate on this machine: @node-rs/argon2 (the service's library) verifying the service's own
 * hash (its parameters are inside it), keeping as many verifies in flight as the libuv threadpool has threads (what
 * the service can use: UV_THREADPOOL_SIZE, 4 by default), for a given time.
 *
 * Run: node bench/lib/argon2-rate.mjs <hash> <password> <seconds>   Prints {verifies, seconds, concurrency} as JSON.
 */
import { verify } from '@node-rs/argon2';

const [hash, password, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const concurrency = Number(process.env.UV_THREADPOOL_SIZE || 4);

// Warm-up: one verify per thread, untimed.
await Promise.all(Array.from({ length: concurrency }, () => verify(hash, password)));

let verifies = 0;
let wrong = 0;
const started = performance.now();
const deadline = started + seconds * 1000;
async function lane() {
  while (performance.now() < deadline) {
    if (await verify(hash, password)) verifies += 1;
    else wrong += 1;
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
const elapsed = (performance.now() - started) / 1000;
if (wrong) throw new Error(`${wrong} verifies failed`);
process.stdout.write(JSON.stringify({ verifies, seconds: elapsed, concurrency }));
