/**
 * The raw argon2id verify rate on this machine: @node-rs/argon2 (the service's library) verifying the service's own
 * hash (its parameters are inside it), for a given time, keeping as many verifies in flight as the pool has threads:
 * UV_THREADPOOL_SIZE, which the service's entry (server/start.cjs) sets to the number of cores unless it is set.
 *
 * Run: UV_THREADPOOL_SIZE=<threads> node bench/lib/argon2-rate.mjs <hash> <password> <seconds> [in flight]
 * Prints {verifies, seconds, concurrency} as JSON. The optional last argument sets the verifies in flight apart from
 * the pool's size (figure 1 passes both, equal).
 */
import { verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';

const [hash, password, secondsArg, inFlightArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const concurrency = Number(inFlightArg) || Number(process.env.UV_THREADPOOL_SIZE) || availableParallelism();

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
