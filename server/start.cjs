// The service's entry: `node server/start.cjs`. It sizes libuv's thread pool to the machine's cores and two more
// (unless UV_THREADPOOL_SIZE is set), then loads the built service. argon2 runs in that pool, but the hash queue lets
// it take at most HASH_CONCURRENCY threads (one a core by default: on 2 cores 2 argon2 threads verified more a second
// than 4, docs/benchmarks.md, figure 1); the two beyond are for the file system and DNS, which then never wait behind
// password verifies in a login storm (docs/operations.md, "Login storms"). The pool takes its size when it starts, and
// Node reads an ES module entry through it, so this entry is CommonJS: Node reads it without the pool.
// Run it as `node --expose-gc server/start.cjs`: V8 takes its flags when the process starts, and with that one the
// service gives back, once idle, the memory a load grew (server/src/idle-memory.ts; docs/operations.md, "Memory").
process.env.UV_THREADPOOL_SIZE ??= String(require('node:os').availableParallelism() + 2);
import('./dist/main.js');
