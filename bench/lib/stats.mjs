/** Small statistics over arrays of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
/** The middle value; for an even count, the mean of the two middle values. */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
export const sum = (values) => values.reduce((a, b) => a + b, 0);
export const mean = (values) => sum(values) / values.length;
export const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);
/** Rounded down: a ratio set against a minimum is never shown as reaching it when it does not (0.8996 is 0.899). */
export const roundDown = (value, digits = 3) =>
  Number.isFinite(value) ? Math.floor(value * 10 ** digits) / 10 ** digits : value;
