/** Figure 5: resident memory (VmRSS) of one instance, idle and under the loads of figures 1, 2 and 6. */
const mib = (bytes) => (bytes === undefined ? 'not measured' : `${(bytes / 2 ** 20).toFixed(0)} MiB`);

export function memoryFigure(memory) {
  const rows = [
    [
      `idle: 2 s after it is ready, before any request (${memory.mainUsers.toLocaleString('en-US')} users)`,
      mib(memory.idleStart),
    ],
    [
      'highest during the sign-in load of figure 1 (argon2id takes 19 MiB per verify in flight)',
      mib(memory.signInLoad),
    ],
    ['highest during the cheap-call loads of figure 2', mib(memory.cheapLoad)],
    ['idle again after figures 1-4', mib(memory.idleAfter)],
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
  return {
    id: 5,
    title: 'Resident memory of one instance, idle and under load',
    goal: 'none set: reported',
    result: `idle ${mib(memory.idleStart)}; under load at most ${loads.length ? mib(Math.max(...loads)) : 'not measured'}`,
    met: null,
    table: { head: ['state', 'resident memory (VmRSS)'], rows },
    method: [
      "VmRSS of the service's process from /proc/<pid>/status (the built `node server/start.cjs`, SQLite, as in figure 1). Idle: read once. Under load: the highest of samples every 100 ms while the load ran. SQLite's own page cache is inside this figure; the operating system's file cache is not.",
    ],
    data: memory,
  };
}
