/**
 * Finds the boxes a browser draws for characters its font lacks ("tofu"): hollow rectangles, as tall as the text,
 * inked all round their edge and empty inside. A drawn letter or a logo's mark is never that: round letters leave
 * the corners empty, closed CJK characters have strokes inside or beyond their frame, and the filled marks are full.
 */
import { readFileSync } from 'node:fs';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

interface Ink {
  width: number;
  height: number;
  at: (x: number, y: number) => boolean;
}

/** What is drawn: opaque pixels of a transparent png; pixels away from the background colour of a jpg. */
export function readInk(file: string): Ink {
  const bytes = readFileSync(file);
  if (file.endsWith('.png')) {
    const { width, height, data } = PNG.sync.read(bytes);
    return { width, height, at: (x, y) => data[(y * width + x) * 4 + 3]! > 128 };
  }
  const { width, height, data } = jpeg.decode(bytes, { useTArray: true });
  const pixel = (x: number, y: number) => [0, 1, 2].map((c) => data[(y * width + x) * 4 + c]!);
  const background = pixel(0, 0);
  const far = (x: number, y: number) => pixel(x, y).reduce((sum, v, c) => sum + Math.abs(v - background[c]!), 0);
  return { width, height, at: (x, y) => far(x, y) > 96 };
}

/** Runs of columns with ink, separated by at least one empty column: each glyph, or the mark. */
function inkedColumnRuns({ width, height, at }: Ink): [number, number][] {
  const inked = Array.from({ length: width }, (_, x) =>
    Array.from({ length: height }, (__, y) => at(x, y)).some(Boolean),
  );
  const runs: [number, number][] = [];
  inked.forEach((on, x) => {
    if (on && (x === 0 || !inked[x - 1])) runs.push([x, x]);
    if (on) runs[runs.length - 1]![1] = x;
  });
  return runs;
}

const share = (cells: boolean[]) => cells.filter(Boolean).length / Math.max(cells.length, 1);

function isEmptyBox(ink: Ink, [left, right]: [number, number]): boolean {
  const rows = Array.from({ length: ink.height }, (_, y) => y).filter((y) =>
    Array.from({ length: right - left + 1 }, (_, i) => ink.at(left + i, y)).some(Boolean),
  );
  const [top, bottom] = [rows[0]!, rows[rows.length - 1]!];
  const [w, h] = [right - left + 1, bottom - top + 1];
  if (w < 8 || h < 12) return false;
  const xs = Array.from({ length: w }, (_, i) => left + i);
  const ys = Array.from({ length: h }, (_, i) => top + i);
  const edge = [
    ...xs.map((x) => ink.at(x, top) || ink.at(x, top + 1)),
    ...xs.map((x) => ink.at(x, bottom) || ink.at(x, bottom - 1)),
    ...ys.map((y) => ink.at(left, y) || ink.at(left + 1, y)),
    ...ys.map((y) => ink.at(right, y) || ink.at(right - 1, y)),
  ];
  const [mx, my] = [Math.ceil(w / 5), Math.ceil(h / 5)];
  const inside = xs.slice(mx, -mx).flatMap((x) => ys.slice(my, -my).map((y) => ink.at(x, y)));
  return share(edge) > 0.95 && share(inside) < 0.02;
}

/** How many of the image's glyphs are empty boxes. */
export function countEmptyBoxes(file: string): number {
  const ink = readInk(file);
  return inkedColumnRuns(ink).filter((run) => isEmptyBox(ink, run)).length;
}
