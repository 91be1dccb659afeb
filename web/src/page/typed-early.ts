/**
 * What a user typed into the form the service rendered before the page's scripts arrived. React hydrates the form
 * with its own (empty) values and leaves the fields' text as it is, so each form starts from what is in the fields,
 * by field id, rather than from nothing (use-form.ts). A language change carries the user ID across its reload the
 * same way: written back into the rendered field before the scripts take over.
 */
let typed: Record<string, string> = {};
let switched = false;
let sent = false;

/**
 * A submit button the pointer pressed (focused, not by the keyboard) as the scripts arrive: the form was posted
 * natively before them and is on its way (issue 33), so the script does not send it again.
 */
const PRESSED = 'form button[type="submit"]:focus:not(:focus-visible)';

/** sessionStorage item of the fields a language change carries over its reload; read and removed by the next page. */
const CARRIED_ITEM = 'portal.carriedFields';
/**
 * Only fields that name themselves a user name: a password is never written to storage. `~=` reads the autocomplete
 * tokens one by one, so the field that also offers passkeys (`username webauthn`) is carried too.
 */
const CARRIED_FIELDS = 'input[autocomplete~="username"]:not([readonly])';

/** Keeps the user ID the user typed, for the page the language change is about to load. */
export function carryTyped(): void {
  const fields: Record<string, string> = {};
  for (const field of document.querySelectorAll<HTMLInputElement>(CARRIED_FIELDS))
    if (field.id && field.value) fields[field.id] = field.value;
  sessionStorage.setItem(CARRIED_ITEM, JSON.stringify(fields));
}

function takeCarried(): Record<string, string> | null {
  const item = sessionStorage.getItem(CARRIED_ITEM);
  sessionStorage.removeItem(CARRIED_ITEM);
  try {
    return item ? (JSON.parse(item) as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** Read once, just before the scripts take over the rendered page (or render one the service did not). */
export function keepTypedEarly(root: HTMLElement | null): void {
  const carried = takeCarried();
  switched = carried !== null;
  // A page the service did not render starts from what was carried.
  typed = root ? {} : { ...carried };
  sent = Boolean(root?.querySelector(PRESSED));
  for (const field of root?.querySelectorAll('input') ?? []) {
    if (!field.id) continue;
    const kept = carried?.[field.id];
    if (kept && !field.value && field.matches(CARRIED_FIELDS)) field.value = kept;
    if (field.value) typed[field.id] = field.value;
  }
}

/** True on the page a language change loaded. */
export const cameBackFromSwitch = (): boolean => switched;

/** A form's starting values, with what was typed early in place of them (only fields the rendered page had). */
export function withTypedEarly<K extends string>(initial: Record<K, string>): Record<K, string> {
  const keys = Object.keys(initial).filter((key) => key in typed) as K[];
  if (keys.length === 0) return initial;
  const values = { ...initial };
  for (const key of keys) values[key] = typed[key]!;
  return values;
}

/** True when the form the service rendered was sent natively before the scripts took it over (issue 33). */
export const sentEarly = (): boolean => sent;
