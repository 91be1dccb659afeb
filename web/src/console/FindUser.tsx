/**
 * Find a user in the operator's cobrands by user ID, by the start of their name, or by e-mail address (one with an @):
 * the admin API answers only users of the operator's cobrands, so another bank's user is not found, as an unknown one
 * is not.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { adminPath, consoleCall, ConsoleError, userPath } from './console-api';
import { useTexts } from './console-texts';
import type { ConsoleUser } from './console-types';

/** The names shown for a search: more than a help desk reads through; a longer start of the name narrows them. */
const NAMES_SHOWN = 20;

const listed = async (query: string) =>
  (await consoleCall<{ users: ConsoleUser[] }>(adminPath(`/users?${query}`))).users;

/** A link to a user's page, opened in place (the address keeps it for Back and a reload). */
export function UserLink({
  userId,
  onOpen,
  children,
}: {
  userId: string;
  onOpen: (userId: string) => void;
  children: string;
}) {
  return (
    <a
      className="portal-link"
      href={`?user=${encodeURIComponent(userId)}`}
      onClick={(event) => {
        event.preventDefault();
        onOpen(userId);
      }}
    >
      {children}
    </a>
  );
}

async function byUserId(query: string): Promise<ConsoleUser[]> {
  try {
    return [await consoleCall<ConsoleUser>(userPath(query))];
  } catch (error) {
    // Not found, or not a user ID at all: nobody to show either way.
    if (error instanceof ConsoleError && (error.status === 404 || error.status === 400)) return [];
    throw error;
  }
}

/** An address (one with an @) finds its user; anything else, the user of that ID first, then the names it begins. */
async function find(query: string): Promise<ConsoleUser[]> {
  if (query.includes('@')) return listed(`email=${encodeURIComponent(query)}`);
  const [exact, named] = await Promise.all([
    byUserId(query),
    listed(`name=${encodeURIComponent(query)}&limit=${NAMES_SHOWN}`),
  ]);
  return [...exact, ...named.filter((user) => !exact.some((one) => one.userId === user.userId))];
}

export function FindUser({ onOpen, ended }: { onOpen: (userId: string) => void; ended: (error: unknown) => boolean }) {
  const { t, failure } = useTexts();
  const [found, setFound] = useState<{ query: string; users: ConsoleUser[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    setFound(null);
    if (!query) return setError(t('console.find.anythingMissing'));
    setError(null);
    find(query)
      .then((users) => setFound({ query, users }))
      .catch((failed: unknown) => ended(failed) || setError(failure(failed)));
  };

  return (
    <div className="portal-main__content console-card">
      <h1 className="portal-heading" ref={heading} tabIndex={-1}>
        {t('console.find.heading')}
      </h1>
      <form className="portal-form console-find" role="search" noValidate onSubmit={submit}>
        <div className={`portal-field${error ? ' portal-field--error' : ''}`}>
          <label className="portal-field__label" htmlFor="console-query">
            {t('console.find.anything')}
          </label>
          {error && (
            <p className="portal-field__error" id="console-query-error">
              {error}
            </p>
          )}
          <input
            id="console-query"
            name="query"
            className="portal-input"
            maxLength={254}
            autoComplete="off"
            aria-describedby={error ? 'console-query-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button type="submit" className="portal-button portal-button--primary">
          {t('console.find.submit')}
        </button>
      </form>
      <div role="status" className="console-results">
        {found && (
          <>
            <h2 className="console-subheading">
              {found.users.length ? t('console.find.results', found.users.length) : t('console.find.none', found.query)}
            </h2>
            <ul className="console-list">
              {found.users.map((user) => (
                <li key={user.userId} className="console-list__item">
                  <UserLink userId={user.userId} onOpen={onOpen}>
                    {user.userId}
                  </UserLink>
                  <span className="console-list__detail">
                    {[user.name, user.email, user.cobrand, t(`console.status.${user.status}`)]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
