/**
 * What a user typed into the form the service rendered before the page's scripts arrived. React hydrates the form
 * with its own (empty) values and leaves the fields' text as it is, so each form starts from what is in the fields,
 * by field id, rather than from nothing (use-form.ts).
 */
let typed: Record<string, string> = {};

/** Read once, just before the scripts take over the rendered page. */
export function keepTypedEarly(root: HTMLElement): void {
  typed = {};
  for (const field of root.querySelectorAll('input')) if (field.id && field.value) typed[field.id] = field.value;
}

/** A form's starting values, with what was typed early in place of them (only fields the rendered page had). */
export function withTypedEarly<K extends string>(initial: Record<K, string>): Record<K, string> {
  const keys = Object.keys(initial).filter((key) => key in typed) as K[];
  if (keys.length === 0) return initial;
  const values = { ...initial };
  for (const key of keys) values[key] = typed[key]!;
  return values;
}
