/**
 * Form state for the portal's small forms (§5): errors show on submit and on blur, only for touched fields.
 * Written here rather than taken from a form library to keep the sign-in page inside its 110 KB budget.
 */
import { useCallback, useMemo, useState, type FocusEvent } from 'react';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function useForm<K extends string>(
  initial: Record<K, string>,
  validate: (values: Record<K, string>) => FieldErrors<K>,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const allErrors = useMemo(() => validate(values), [validate, values]);
  const errors = useMemo(() => {
    const shown: FieldErrors<K> = {};
    for (const key of Object.keys(allErrors) as K[]) if (touched[key]) shown[key] = allErrors[key];
    return shown;
  }, [allErrors, touched]);

  const setValue = useCallback((key: K, value: string) => setValues((v) => ({ ...v, [key]: value })), []);
  /**
   * Marks a field touched when focus leaves it, except toward a submit button: the error appearing there would move
   * the button under the pointer and lose the click, and submitting checks every field anyway.
   */
  const blur = useCallback((key: K, event?: FocusEvent) => {
    if ((event?.relatedTarget as HTMLElement | null)?.getAttribute('type') === 'submit') return;
    setTouched((t) => ({ ...t, [key]: true }));
  }, []);
  /** Marks every field touched and answers the errors of the current values. */
  const touchAll = useCallback((): FieldErrors<K> => {
    setTouched(Object.fromEntries(Object.keys(initial).map((k) => [k, true])) as Record<K, boolean>);
    return validate(values);
  }, [initial, validate, values]);
  const reset = useCallback(() => {
    setValues(initial);
    setTouched({});
  }, [initial]);

  return { values, errors, setValue, blur, touchAll, reset };
}
