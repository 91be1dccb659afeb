/** Prints a figure to the console and writes docs/benchmarks.md. */
const verdict = (f) =>
  f.failed
    ? '**not measured** (the run failed here)'
    : f.met === null
      ? 'no goal set (reported)'
      : f.met
        ? '**met**'
        : '**missed**';
const cell = (v) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function table({ head, rows }) {
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

const rerun = (id) =>
  `\`npm run bench -- --only=${id}\` (add \`--quick\` for a shorter run; neither writes this file unless \`--write\` is given)`;

/** A figure's row of the summary table. */
export const summaryRow = (f) => `| ${[`${f.id}. ${f.title}`, f.goal, f.result, verdict(f)].map(cell).join(' | ')} |`;

export function renderFigure(f, { console: forConsole = false } = {}) {
  const lines = [
    forConsole ? `Figure ${f.id}. ${f.title}` : `## ${f.id}. ${f.title}`,
    '',
    `- Goal: ${f.goal}`,
    `- Result: ${f.result}`,
    `- Verdict: ${forConsole ? verdict(f).replace(/\*/g, '') : verdict(f)}`,
  ];
  if (f.table) lines.push('', table(f.table));
  for (const extra of f.extraTables ?? [])
    lines.push('', forConsole ? extra.title : `**${extra.title}**`, '', table(extra));
  if (f.notes?.length) lines.push('', ...f.notes.map((n) => `Note: ${n}`));
  if (f.method.length)
    lines.push(
      '',
      forConsole ? 'How it was measured:' : '**How it was measured**',
      '',
      ...f.method.map((m) => `- ${m}`),
    );
  lines.push(
    '',
    `Rerun: ${rerun(f.id)}. This figure took ${f.seconds.toFixed(0)} s; meanwhile processes other than the benchmark used ${(100 * f.load.others).toFixed(0)} % of the machine's CPU (load average ${f.load.before} before, ${f.load.after} after).`,
  );
  return lines.join('\n');
}

export function renderReport({ machine, figures, totalSeconds, quick, date }) {
  return [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (\`bench/run.mjs\`) on ${date.toISOString().replace('T', ' ').slice(0, 16)} UTC${quick ? ' (quick run)' : ''}; the whole run took ${Math.round(totalSeconds)} s. Every figure is a ratio or a comparison measured in the same run, so it holds on a noisy machine; absolute times are this machine's. Nothing here is edited by hand: rerun to refresh it.`,
    '',
    '## Machine',
    '',
    table({
      head: ['', ''],
      rows: [
        ['cores (`nproc`)', machine.nproc],
        ['CPU (/proc/cpuinfo)', machine.cpu],
        ['memory', machine.memory],
        ['Node.js', machine.node],
        ['libuv threadpool of the service (argon2 runs there)', machine.uvThreadpool],
        ['Chromium', machine.chromium],
        ['system', `${machine.os}, kernel ${machine.kernel}`],
        ['code', `commit ${machine.commit}`],
        ['load average at start / end (1, 5, 15 min)', `${machine.loadAtStart} / ${machine.loadAtEnd}`],
        [
          'CPU used by processes other than the benchmark during the run',
          `${(100 * machine.others).toFixed(0)} % of the machine (all cores)`,
        ],
      ],
    }),
    '',
    "The load generators (autocannon, the open-loop generator of `bench/lib/http.mjs`, Chromium) run on the same machine as the service. Each figure also tells how much of the machine's CPU other processes used while it was measured (from /proc/stat, less the benchmark's own processes): this machine is shared with other work, and the ratios are built to hold through that, while absolute times, latency tails above all, rise with it.",
    '',
    '## Summary',
    '',
    table({
      head: ['figure', 'goal', 'result', 'verdict'],
      rows: figures.map((f) => [`${f.id}. ${f.title}`, f.goal, f.result, verdict(f)]),
    }),
    '',
    ...figures.flatMap((f) => [renderFigure(f), '']),
    '## Rerunning',
    '',
    `- \`npm run bench\`: every figure, as above (this run took ${Math.round(totalSeconds / 60)} minutes on ${machine.nproc} cores), and rewrites this file.`,
    '- `npm run bench -- --quick`: shorter rounds, 100,000 instead of 1,000,000 rows in figures 6 and 12; prints only.',
    '- `npm run bench -- --only=1,6`: some figures; prints only. `--write` puts them in this file in place of their earlier sections and summary rows, leaving the others as they are; `--keep` keeps the temporary data folders.',
    "- Chromium is Debian's `/usr/bin/chromium` (or `CHROMIUM_PATH`); the web app and the service are built first when stale (`scripts/build-if-stale.mjs`).",
    '- Figure 12 uses the PostgreSQL of `BENCH_DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/test`, a schema of its own, dropped afterwards); set it empty to measure SQLite alone.',
    '',
  ].join('\n');
}

/**
 * `text` (a report) with these figures in place of their earlier sections and summary rows, or added in the order of
 * their numbers: a partial run refreshes its figures and leaves the others as they were measured.
 */
export function withFigures(text, figures) {
  let out = text;
  for (const f of figures) {
    const rows = out.split('\n');
    const row = rows.findIndex((line) => line.startsWith(`| ${f.id}. `));
    if (row >= 0) rows[row] = summaryRow(f);
    else {
      const after = rows.findLastIndex(
        (line) => /^\| (\d+)\. /.test(line) && Number(/^\| (\d+)\./.exec(line)[1]) < f.id,
      );
      rows.splice(after + 1, 0, summaryRow(f));
    }
    out = rows.join('\n');
    const sections = out.split(/\n(?=## )/);
    const at = sections.findIndex((section) => section.startsWith(`## ${f.id}. `));
    const section = `${renderFigure(f)}\n`;
    if (at >= 0) sections[at] = section;
    else {
      const later = sections.findIndex((s) => /^## (\d+)\. /.test(s) && Number(/^## (\d+)\./.exec(s)[1]) > f.id);
      sections.splice(later >= 0 ? later : sections.findIndex((s) => s.startsWith('## Rerunning')), 0, section);
    }
    out = sections.join('\n');
  }
  return out;
}
