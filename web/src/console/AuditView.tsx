/**
 * The audit trail for an auditor or an administrator: events found by user, by who made the change, by kind and by
 * time, a page at a time, and the same selection exported as JSON lines or CSV (the admin API streams it; the browser
 * saves it). Times are typed in the operator's own time zone and sent as instants.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { adminPath, consoleCall } from './console-api';
import { useTexts } from './console-texts';

interface AuditEvent {
  id: string;
  at: string;
  kind: string;
  userId: string | null;
  actor: string | null;
  address: string | null;
  detail: Record<string, unknown>;
}

const FIELDS = ['userId', 'actor', 'kind', 'since', 'until'] as const;

/** The selection as the admin API takes it: an operator's bare name is an operator's, times are instants. */
function selection(form: FormData): URLSearchParams {
  const query = new URLSearchParams();
  for (const field of FIELDS) {
    const value = String(form.get(field) ?? '').trim();
    if (!value) continue;
    if (field === 'since' || field === 'until') query.set(field, new Date(value).toISOString());
    else query.set(field, field === 'actor' && !value.includes(':') ? `operator:${value}` : value);
  }
  return query;
}

function EventLine({ event }: { event: AuditEvent }) {
  const { t, when } = useTexts();
  const facts = [
    event.kind,
    event.userId,
    event.actor ? t('console.audit.by', event.actor) : null,
    event.address ? t('console.audit.from', event.address) : null,
    Object.keys(event.detail).length ? JSON.stringify(event.detail) : null,
  ];
  return (
    <li className="console-list__item">
      <span>
        <span className="console-item__name">{when(event.at)}</span>{' '}
        <span className="console-list__detail">{facts.filter(Boolean).join(' · ')}</span>
      </span>
    </li>
  );
}

function Field({ name, label, type = 'text' }: { name: (typeof FIELDS)[number]; label: string; type?: string }) {
  return (
    <div className="portal-field console-audit__field">
      <label className="portal-field__label" htmlFor={`console-audit-${name}`}>
        {label}
      </label>
      <input id={`console-audit-${name}`} name={name} type={type} className="portal-input" maxLength={200} />
    </div>
  );
}

export function AuditView({ ended }: { ended: (error: unknown) => boolean }) {
  const { t, failure } = useTexts();
  const [query, setQuery] = useState<URLSearchParams | null>(null);
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const read = (selected: URLSearchParams, cursor: string | null) => {
    const page = new URLSearchParams(selected);
    page.set('limit', '50');
    if (cursor) page.set('cursor', cursor);
    consoleCall<{ events: AuditEvent[]; next: string | null }>(adminPath(`/audit?${page}`))
      .then((answer) => {
        setError(null);
        setEvents((shown) => (cursor ? [...shown, ...answer.events] : answer.events));
        setNext(answer.next);
      })
      .catch((failed: unknown) => ended(failed) || setError(failure(failed)));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const selected = selection(new FormData(event.currentTarget));
    setQuery(selected);
    read(selected, null);
  };
  const exported = (format: 'jsonl' | 'csv') => adminPath(`/audit/export?${query}&format=${format}`);

  return (
    <div className="portal-main__content console-card">
      <h1 className="portal-heading" ref={heading} tabIndex={-1}>
        {t('console.audit.heading')}
      </h1>
      <form className="portal-form console-audit" noValidate onSubmit={submit}>
        <Field name="userId" label={t('console.audit.user')} />
        <Field name="actor" label={t('console.audit.actor')} />
        <Field name="kind" label={t('console.audit.kind')} />
        <Field name="since" label={t('console.audit.since')} type="datetime-local" />
        <Field name="until" label={t('console.audit.until')} type="datetime-local" />
        <p className="portal-hint console-audit__hint">{t('console.audit.hint')}</p>
        <button type="submit" className="portal-button portal-button--primary">
          {t('console.audit.submit')}
        </button>
      </form>
      {error && (
        <p className="portal-error-summary" role="alert">
          {error}
        </p>
      )}
      <div role="status" className="console-results">
        {query && !error && (
          <h2 className="console-subheading">
            {events.length ? t('console.audit.count', events.length) : t('console.audit.none')}
          </h2>
        )}
      </div>
      {query && (
        <ul className="console-list">
          {events.map((event) => (
            <EventLine key={event.id} event={event} />
          ))}
        </ul>
      )}
      {query && (
        <p className="console-actions">
          {next && (
            <button type="button" className="portal-button portal-button--secondary" onClick={() => read(query, next)}>
              {t('console.audit.more')}
            </button>
          )}
          <a className="portal-link" href={exported('jsonl')} download>
            {t('console.audit.exportJson')}
          </a>
          <a className="portal-link" href={exported('csv')} download>
            {t('console.audit.exportCsv')}
          </a>
        </p>
      )}
    </div>
  );
}
