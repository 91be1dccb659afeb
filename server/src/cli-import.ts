/**
 * How `users import` tells the administrator how far it got: on a terminal a progress line every 10,000 users, and,
 * when an outage stops it (the database away), the line it stopped at, what was imported and refused before it, and
 * the command that goes on from there. A second run of the same file goes on too: the users already imported are
 * refused as existing, each by its line.
 */
import type { ImportReport } from './account/index.js';

export const PROGRESS_EVERY = 10_000;

/** The file's text with the lines before `from` (1 for the first) left empty, so the others keep their numbers. */
export const fromLine = (text: string, from: number): string =>
  from <= 1
    ? text
    : text
        .split('\n')
        .map((line, index) => (index + 1 < from ? '' : line))
        .join('\n');

/** Follows an import line by line (its `onLine`), and says what it reached when it stopped (`stopped`). */
export function importTracker(file: string, progress: ((message: string) => void) | undefined) {
  let at = 0;
  let sofar: ImportReport = { imported: 0, refused: [] };
  let next = PROGRESS_EVERY;
  return {
    onLine(line: number, report: ImportReport): void {
      [at, sofar] = [line, report];
      if (!progress || report.imported < next) return;
      progress(`Imported ${report.imported} users so far; reading line ${line}…`);
      next += PROGRESS_EVERY;
    },
    stopped(error: unknown): Error {
      const reason = error instanceof Error ? error.message : String(error);
      const refused = sofar.refused.map(({ line, problem }) => `line ${line}: ${problem}`);
      return new Error(
        [
          `the import stopped at line ${at} (${reason}): ${sofar.imported} users were imported before it, ` +
            `${refused.length} lines refused${refused.length ? ':' : '.'}`,
          ...refused,
          `Once the database answers, go on from there: npm run portal -- users import --file ${file} --from-line ${at}`,
        ].join('\n'),
      );
    },
  };
}
