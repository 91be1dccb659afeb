/**
 * A field of an administrator's form: its label, hint and error tied to the control (aria-describedby), the error
 * above the control as the portal's forms have it. The control is the child, given the props it needs.
 */
import type { ReactElement } from 'react';

export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FormFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  /** The error is announced when it appears (in a dialog, where it is the answer to Confirm). */
  alert?: boolean;
  control: (props: FieldControl) => ReactElement;
}

export function FormField({ id, label, hint, error, alert, control }: FormFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`portal-field${error ? ' portal-field--error' : ''}`}>
      <label className="portal-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="portal-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="portal-field__error" id={`${id}-error`} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      )}
      {control({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
    </div>
  );
}

/** Cobrand names as typed: separated by commas (a CJK keyboard's too) or spaces; none is every cobrand. */
export const cobrandsTyped = (text: string): string[] => text.split(/[\s,，、]+/u).filter(Boolean);
