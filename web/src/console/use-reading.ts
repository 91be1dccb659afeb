/**
 * What a console page shows, read together and again after each change: what the last change did, or why it did
 * nothing. The user's page and the administrators' pages (operators, API keys, cobrands) read this way.
 */
import { useState } from 'react';
import { useTexts } from './console-texts';

export function useReading<T>(read: () => Promise<T>, ended: (error: unknown) => boolean) {
  const { failure } = useTexts();
  const [state, setState] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = () =>
    read()
      .then(setState)
      .catch((failed: unknown) => ended(failed) || setError(failure(failed)));
  /** A change went through: read again, then say what was done. */
  const finished = (said: string) => {
    setError(null);
    void load().then(() => setDone(said));
  };
  /** A change found things changed (409), or was refused: nothing was done; read again and say so. */
  const stale = (message: string) => {
    setDone(null);
    void load().then(() => setError(message));
  };
  return { state, error, done, load, finished, stale };
}
