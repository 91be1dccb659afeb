/**
 * GOV.UK's error summary: takes focus when errors appear, an alert inside, a heading (the count, unless the first
 * error brings its own header, §2), one link per error in field order that moves focus to the field.
 */
import { useEffect, useRef } from 'react';
import { usePage } from '../page/page-context';
import { moveFocus } from './move-focus';

/** §3 page error item. */
export interface PageError {
  target: string;
  fieldName: string;
  description: string;
  errorHeader?: string;
}

/** Scrolls the field's label into view and focuses the input without a second scroll. */
export function focusField(id: string): void {
  const input = document.getElementById(id);
  const label = document.querySelector(`label[for="${CSS.escape(id)}"]`);
  (label ?? input)?.scrollIntoView({ block: 'start' });
  input?.focus({ preventScroll: true });
}

export function ErrorSummary({ errors, revision }: { errors: PageError[]; revision: number }) {
  const { t } = usePage();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) moveFocus(ref.current);
  }, [revision]); // eslint-disable-line react-hooks/exhaustive-deps -- focus once per submit, not per keystroke
  if (errors.length === 0) return null;
  const header = errors[0]?.errorHeader ?? t('errorSummary.count', errors.length);
  return (
    <div className="portal-error-summary" ref={ref} tabIndex={-1} role="group" aria-labelledby="error-summary-title">
      <div role="alert">
        <h2 className="portal-error-summary__title" id="error-summary-title">
          {header}
        </h2>
        <ul className="portal-error-summary__list">
          {errors.map((error) => (
            <li key={error.target} className="portal-error-summary__item">
              <a
                className="portal-error-summary__link"
                href={`#${error.target}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(error.target);
                }}
              >
                {error.description}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
