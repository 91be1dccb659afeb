/**
 * Form state for the portal's small forms (§5): errors show on submit and on blur, only for touched fields. A field
 * is touched by submitting, or by leaving it after typing in it: moving focus through a field never typed in (to
 * reach a link below it, or when the session warning takes focus) is not an answer, so it marks nothing
 * (docs/decisions.md, "Which blur marks a field").
 * Written here rather than taken from a form library to keep the sign-in page inside its 80 KB budget.
 */
import { useCallback, useMemo, useRef, useState, type FocusEvent } from 'react';
import { focusIsMoving } from './move-focus';
import { withTypedEarly } from '../page/typed-early';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Work to do once the pointer that is down comes up and its click has landed, or at once when no pointer is down.
 * A field left by pressing on a link or a button shows its error only then: shown at the press, it would move the
 * page under the pointer, and the click would land elsewhere or nowhere.
 */
let pointerDown = false;
const afterClick: (() => void)[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  const release = () => {
    pointerDown = false;
    // The click is dispatched right after pointerup, in the same task: this runs once it has been handled.
    setTimeout(() => afterClick.splice(0).forEach((work) => work()));
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
const whenClickLanded = (work: () => void) => (pointerDown ? afterClick.push(work) : work());

/**
 * `onLeftInvalid` hears of a field the user left with an error, as the error shows: focus is on the next field by
 * then, so a screen reader would not read the error.
 */
export function useForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => FieldErrors<K>,
  onLeftInvalid?: (key: K, error: string) => void,
) {
  const [values, setValues] = useState(() => withTypedEarly(initial));
  // Typed before the scripts ran counts as typed.
  const typedIn = useRef(new Set((Object.keys(initial) as K[]).filter((key) => values[key] !== initial[key])));
  const latest = useRef({ values, validate, onLeftInvalid });
  latest.current = { values, validate, onLeftInvalid };
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const allErrors = useMemo(() => validate(values), [validate, values]);
  const errors = useMemo(() => {
    const shown: FieldErrors<K> = {};
    for (const key of Object.keys(allErrors) as K[]) if (touched[key]) shown[key] = allErrors[key];
    return shown;
  }, [allErrors, touched]);

  const setValue = useCallback((key: K, value: string) => setValues((v) => ({ ...v, [key]: value })), []);
  /** What the user typed (or pasted, or deleted) into a field. */
  const input = useCallback(
    (key: K, value: string) => {
      typedIn.current.add(key);
      setValue(key, value);
    },
    [setValue],
  );
  /**
   * Marks a field touched when the user moves focus out of it after typing in it, once any click that moved it has
   * landed. Not when the portal moves focus (to the error summary, the session warning): the error would report what
   * the user did not do. Not when a press on a submit button took it either: that submit checks every field anyway.
   */
  const blur = useCallback((key: K, event?: FocusEvent) => {
    if (focusIsMoving() || !typedIn.current.has(key)) return;
    if (pointerDown && (event?.relatedTarget as HTMLElement | null)?.getAttribute('type') === 'submit') return;
    whenClickLanded(() => {
      setTouched((t) => ({ ...t, [key]: true }));
      const { values: now, validate: check, onLeftInvalid: tell } = latest.current;
      const error = check(now)[key];
      if (error) tell?.(key, error);
    });
  }, []);
  /** Marks every field touched and answers the errors of the current values. */
  const touchAll = useCallback((): FieldErrors<K> => {
    setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Record<K, boolean>);
    return validate(values);
  }, [initial, validate, values]);
  /** Back to the initial values, nothing touched or typed: an emptied field is not the user's doing. */
  const reset = useCallback(() => {
    setValues(initial);
    setTouched({});
    typedIn.current.clear();
  }, [initial]);

  return { values, errors, setValue, input, blur, touchAll, reset };
}
