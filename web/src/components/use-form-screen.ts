/**
 * The error-state wiring every form screen shares (§5, §8): field errors on submit and on blur, errors the service
 * answered on a field or for the whole page, the error summary's items in field order, its focus on each new set of
 * errors (revision), the "Error:" page title, and a submit in progress. A screen keeps its fields, rules and submit.
 */
import { useCallback, useMemo, useState, type FocusEvent } from 'react';
import { announce } from './announce';
import type { PageError } from './ErrorSummary';
import { useForm, type FieldErrors } from './use-form';
import { usePage } from '../page/page-context';
import { useErrorTitle } from '../page/use-error-title';
import { useBrowserValue } from '../page/browser-value';
import { sentEarly } from '../page/typed-early';

export interface FormScreenOptions<K extends string> {
  fields: readonly K[];
  labels: Record<K, string>;
  validate: (values: Record<K, string>) => FieldErrors<K>;
  /** The page title, which gains "Error:" while errors show. */
  title: string;
  /** Values the fields open with (empty unless given). */
  initialValues?: Partial<Record<K, string>>;
  /** Errors the page opens with (from its address: an `ec` code, `invalidLogin=true`). */
  initialFieldErrors?: FieldErrors<K>;
  initialPageError?: PageError | null;
  /**
   * The cursor starts in the first empty field (the first field when all are filled), unless the page opens with
   * errors (the summary takes focus then).
   */
  focusFirstField?: boolean;
}

/**
 * What a failed submit shows: errors on fields, or one for the page; the fields are emptied unless `keepValues`, all
 * but those in `keep` when it is given.
 */
export interface Failure<K extends string> {
  fields?: FieldErrors<K>;
  page?: PageError;
  keepValues?: boolean;
  keep?: readonly K[];
}

export function useFormScreen<K extends string>(options: FormScreenOptions<K>) {
  const { t, posted } = usePage();
  const { fields, labels, validate, title } = options;
  // Posted without the script and answered again: the values sent (secrets left out) and their errors, as if the
  // script had sent them.
  const [initialValues] = useState(
    () =>
      Object.fromEntries(fields.map((f) => [f, (posted?.values ?? options.initialValues)?.[f] ?? ''])) as Record<
        K,
        string
      >,
  );
  /** An error as the summary and the live announcement word it: named after its field. */
  const named = (f: K, error: string) =>
    error === t('field.required') ? t('field.required.named', labels[f]) : `${labels[f]}: ${error}`;
  const form = useForm(initialValues, validate, (f, error) => announce(named(f, error)));
  const [serverErrors, setServerErrors] = useState<FieldErrors<K>>(
    (posted?.fieldErrors as FieldErrors<K>) ?? options.initialFieldErrors ?? {},
  );
  const [pageError, setPageError] = useState<PageError | null>(posted?.page ?? options.initialPageError ?? null);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Sent natively before the script arrived, the post is on its way: the script takes no second press (issue 33).
  const early = useBrowserValue(() => (sentEarly() ? 'sent' : ''), '') === 'sent';
  const [opensWithErrors] = useState(() => Boolean(pageError) || Object.keys(serverErrors).length > 0);
  const [revision, setRevision] = useState(opensWithErrors ? 1 : 0);
  // Focused as it mounts: a screen may show its fields only once its data has come.
  const [startField] = useState(() =>
    options.focusFirstField && !opensWithErrors
      ? (fields.find((field) => !initialValues[field]) ?? fields[0])
      : undefined,
  );

  const errors: FieldErrors<K> = useMemo(() => ({ ...serverErrors, ...form.errors }), [serverErrors, form.errors]);
  const showFields = submitted || Object.keys(serverErrors).length > 0;
  const summary: PageError[] = pageError
    ? [pageError]
    : (showFields ? fields : [])
        .filter((f) => errors[f])
        .map((f) => ({ target: f, fieldName: labels[f], description: named(f, errors[f]!) }));
  useErrorTitle(title, summary.length > 0);

  /** Starts a submit: false, with the summary shown, when a field is invalid or a submit is under way. */
  const start = (): boolean => {
    if (submitting || early) return false;
    setServerErrors({});
    setPageError(null);
    setSubmitted(true);
    if (Object.keys(form.touchAll()).length > 0) {
      setRevision((r) => r + 1);
      return false;
    }
    setSubmitting(true);
    return true;
  };

  const { reset, setValue, values } = form;
  const fail = useCallback(
    ({ fields: onFields = {}, page, keepValues = false, keep = [] }: Failure<K>) => {
      if (!keepValues) {
        reset();
        for (const field of keep) setValue(field, values[field]);
      }
      setSubmitted(false);
      setServerErrors(onFields);
      setPageError(page ?? null);
      setSubmitting(false);
      setRevision((r) => r + 1);
    },
    [reset, setValue, values],
  );

  /**
   * The props a field component takes for one field of the form: its label, value, error, and both handlers. A field
   * of `digits` (a PIN, a passcode) keeps only the digits typed or pasted into it.
   */
  const field = (id: K, { digits = false } = {}) => ({
    id,
    label: labels[id],
    value: form.values[id],
    onValue: (value: string) => form.input(id, digits ? value.replace(/\D/g, '') : value),
    onBlur: (event: FocusEvent) => form.blur(id, event),
    autoFocus: id === startField,
    error: errors[id],
  });

  /**
   * The submit button's state: not while a submission is under way. Before the page's script has taken over, the form
   * posts itself natively (issue 33), and the script, arriving meanwhile, never sends it again (the press was not its),
   * nor takes another press while that post is on its way (`early`).
   * A screen whose form the service does not answer yet waits for the script itself (`useHydrated`).
   */
  const canSubmit = !submitting && !early;
  return { ...form, errors, summary, revision, submitting, canSubmit, start, fail, field };
}
