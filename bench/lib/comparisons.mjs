/**
 * The part of docs/benchmarks.md that `npm run bench:compare` writes: one section per comparison of two builds,
 * after the figures. `npm run bench` writes the figures and keeps this part as it is.
 */
import { existsSync, readFileSync } from 'node:fs';

export const COMPARISONS_HEADING = '# Before and after: what each mechanism on the hot path is worth';
const INTRO = [
  COMPARISONS_HEADING,
  '',
  'Written by `npm run bench:compare` (`bench/compare.mjs`), one section per change; each section names the two commits it ran. In the sections of the speed mechanisms, "before" is the service with the mechanism and "after" the same service without it. A mechanism stays in the code only where its section shows it moves a figure by more than 5 %, beyond what the same build measured against itself moves (section "Noise"). The main thread\'s CPU per request is the figure to read: requests per second swing with whatever else this shared machine runs.',
].join('\n');

/** The comparisons part of `file`, or '' when it has none yet. */
export function comparisonsOf(file) {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(COMPARISONS_HEADING);
  return at < 0 ? '' : text.slice(at).trimEnd();
}

/** `file`'s text with the section titled `title` put in (replacing one of the same title). */
export function withComparison(file, title, section) {
  const text = existsSync(file) ? readFileSync(file, 'utf8').trimEnd() : '# Benchmarks';
  const part = comparisonsOf(file) || INTRO;
  const figures = text.slice(0, text.length - (comparisonsOf(file).length || 0)).trimEnd();
  const sections = part.split(/\n(?=## )/);
  const kept = sections.filter((s) => !s.startsWith(`## ${title}\n`));
  return `${[figures, [...kept, section].join('\n')].join('\n\n')}\n`;
}
