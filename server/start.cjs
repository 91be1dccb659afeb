// The service's entry: `node server/start.cjs`. It sizes libuv's thread pool to the machine's cores (unless
// UV_THREADPOOL_SIZE is set), then loads the built service. argon2 runs in that pool: with the default 4 threads a
// machine of more cores leaves the rest idle, and on 2 cores 2 threads verified more a second than 4 (docs/benchmarks.md,
// figure 1). The pool takes its size when it starts, and Node reads an ES module entry through
// it, so this entry is CommonJS: Node reads it without the pool.
process.env.UV_THREADPOOL_SIZE ??= String(require('node:os').availableParallelism());
import('./dist/main.js');
