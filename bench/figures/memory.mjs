/** Figure 5: resident memory (VmRSS) of one instance, idle and under the loads of figures 1, 2 and 6. */
const mib = (bytes) => (bytes === undefined ? 'not measured' : `${(bytes / 2 ** 20).toFixed(0)} MiB`);
/** The goal of issue "Operations": an idle instance in 100 MB or less. */
const IDLE_GOAL = 100 * 10 ** 6;

export function memoryFigure(memory) {
  const rows = [
    [
      `idle: 2 s after it is ready, before any request (${memory.mainUsers.toLocaleString('en-US')} users)`,
      mib(memory.idleStart),
    ],
    ['idle: 30 s later, still before any request', mib(memory.idleSettled)],
    [
      'highest during the sign-in load of figure 1 (argon2id takes 19 MiB per verify in flight)',
      mib(memory.signInLoad),
    ],
    ['highest during the cheap-call loads of figure 2', mib(memory.cheapLoad)],
    ['idle again, 2 s after figures 1-4', mib(memory.idleAfter)],
    ['idle again, 30 s after figures 1-4', mib(memory.idleAfterSettled)],
  ];
  if (memory.large) {
    rows.push(
      [
        `idle, database of ${memory.large.users.toLocaleString('en-US')} users and sessions (figure 6)`,
        mib(memory.large.idle),
      ],
      [
        `highest during figure 6's ping window, ${memory.large.users.toLocaleString('en-US')} users and sessions`,
        mib(memory.large.load),
      ],
      [
        `idle, database of ${memory.large.smallUsers.toLocaleString('en-US')} users and sessions (figure 6)`,
        mib(memory.large.small),
      ],
    );
  }
  const loads = [memory.signInLoad, memory.cheapLoad].filter((v) => v !== undefined);
  const settled = [memory.idleSettled, memory.idleAfterSettled].filter((v) => v !== undefined);
  return {
    id: 5,
    title: 'Resident memory of one instance, idle and under load',
    goal: 'idle, settled (30 s without a request): at most 100 MB (95.4 MiB), before and after load',
    result: `idle ${mib(memory.idleStart)} at 2 s, ${mib(memory.idleSettled)} settled, ${mib(memory.idleAfterSettled)} settled after load; under load at most ${loads.length ? mib(Math.max(...loads)) : 'not measured'}`,
    met: settled.length ? settled.every((rss) => rss <= IDLE_GOAL) : null,
    table: { head: ['state', 'resident memory (VmRSS)'], rows },
    method: [
      "VmRSS of the service's process from /proc/<pid>/status (the built `node --expose-gc server/start.cjs`, SQLite, as in figure 1). Idle: read once 2 s after the service is ready (or after the last load), and again 30 s later, by which time the service has given back the young generation that start or the load grew (it asks V8 for a shrinking collection after 10 s without a request, server/src/idle-memory.ts). Under load: the highest of samples every 100 ms while the load ran. SQLite's own page cache is inside this figure; the operating system's file cache is not.",
    ],
    data: memory,
  };
}
