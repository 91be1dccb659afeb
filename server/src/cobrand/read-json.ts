import { readFileSync } from 'node:fs';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Parses a catalogue file and checks it against its schema: the value, or null after adding `<file>: <field> …` problems. */
export function readJson<T>(file: string, schema: TSchema, problems: string[]): T | null {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`${file}: ${(error as Error).message}`);
    return null;
  }
  // TypeBox also reports the failed branch of a union as a "boolean" issue; the real issue is reported beside it.
  const issues = [...Value.Errors(schema, value)].filter((issue) => issue.keyword !== 'boolean');
  for (const issue of issues) problems.push(`${file}: ${issue.instancePath || '(record)'} ${issue.message}`);
  return issues.length ? null : (value as T);
}
