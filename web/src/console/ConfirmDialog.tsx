/**
 * Every change is confirmed in a modal dialog that says what it does to whom and asks why: the reason is required, kept
 * with the change's audit events and sent to the SIEM. Esc or Cancel changes nothing.
 */
import { AUDIT_REASON_MAX } from '@portal/contract/console';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { consoleCall, ConsoleError } from './console-api';
import { useTexts } from './console-texts';
import { FormField } from './FormField';
import type { Change } from './console-types';

export interface ConfirmProps {
  change: Change;
  /** The change went through: its call's answer. */
  onDone: (answer: unknown) => void;
  onCancel: () => void;
  /** The user changed meanwhile (409), or the change was not the operator's to make (403): nothing was done. */
  onStale: (message: string) => void;
  ended: (error: unknown) => boolean;
}

/** The value a change asks for with its reason (a new e-mail address). */
function GivenField({ input, missing }: { input: NonNullable<Change['input']>; missing: string | null }) {
  return (
    <FormField
      id="console-given"
      label={input.label}
      error={missing}
      alert
      control={(props) => (
        <input
          {...props}
          name={input.name}
          type="email"
          className="portal-input"
          maxLength={254}
          autoComplete="off"
          autoFocus
        />
      )}
    />
  );
}

/** Why the operator makes the change: required, kept with its audit events. */
function ReasonField({ error, first }: { error: string | null; first: boolean }) {
  const { t } = useTexts();
  return (
    <FormField
      id="console-reason"
      label={t('console.confirm.reason')}
      hint={t('console.confirm.reasonHint')}
      error={error}
      alert
      control={(props) => (
        <textarea
          {...props}
          name="reason"
          className="portal-input console-reason"
          rows={3}
          maxLength={AUDIT_REASON_MAX}
          autoFocus={first}
        />
      )}
    />
  );
}

export function ConfirmDialog({ change, onDone, onCancel, onStale, ended }: ConfirmProps) {
  const { t, failure } = useTexts();
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The value asked with the change, when it was not given. */
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    const shown = dialog.current;
    shown?.showModal();
    return () => shown?.close();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    const given = change.input ? String(form.get(change.input.name) ?? '').trim() : '';
    setMissing(change.input && !given ? change.input.missing : null);
    if (change.input && !given) return setError(null);
    if (!reason) return setError(t('console.confirm.reasonMissing'));
    setBusy(true);
    const json = change.input ? { ...(change.json as object), [change.input.name]: given } : change.json;
    consoleCall(change.path, { method: change.method, reason, json })
      .then(onDone)
      .catch((failed: unknown) => {
        if (ended(failed)) return;
        // Nothing was done (409: things changed; 403: more than the operator may give): the page says why.
        const status = failed instanceof ConsoleError ? failed.status : 0;
        const said = change.refused?.[status as 404 | 409];
        if (said || status === 409 || status === 403) return onStale(said ?? failure(failed));
        setError(failure(failed));
        setBusy(false);
      });
  };

  return (
    <dialog
      ref={dialog}
      className="console-dialog"
      aria-labelledby="console-dialog-title"
      aria-describedby="console-dialog-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form noValidate onSubmit={submit}>
        <h2 className="console-subheading" id="console-dialog-title">
          {change.title}
        </h2>
        <p id="console-dialog-text">{change.text}</p>
        {change.input && <GivenField input={change.input} missing={missing} />}
        <ReasonField error={error} first={!change.input} />
        <div className="console-dialog__actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
            {t('console.confirm.submit')}
          </button>
          <button type="button" className="portal-button portal-button--secondary" onClick={onCancel}>
            {t('console.confirm.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export interface PendingProps {
  pending: Change | null;
  close: () => void;
  /** Said what the change did; its answer, for what it shows this once. */
  finished: (said: string, answer?: unknown) => void;
  stale: (message: string) => void;
  ended: (error: unknown) => boolean;
}

/** The change waiting for the operator's confirmation, if any: its dialog, and what follows it. */
export function PendingChange({ pending, close, finished, stale, ended }: PendingProps) {
  if (!pending) return null;
  return (
    <ConfirmDialog
      change={pending}
      onDone={(answer) => {
        close();
        finished(pending.done, answer);
      }}
      onCancel={close}
      onStale={(message) => {
        close();
        stale(message);
      }}
      ended={ended}
    />
  );
}
