/**
 * An administrator's page (operators, API keys, cobrands): its heading takes the cursor when it opens; what it lists is
 * read again after each change, which is confirmed with a reason; what the change did is said, with what its answer
 * shows this once (a new operator's password, a new key).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PendingChange } from './ConfirmDialog';
import type { Texts } from './console-texts';
import type { Change } from './console-types';
import { Outcome } from './Outcome';
import { useReading } from './use-reading';

/** What a refusal of an administrator's change means: a name taken or nothing to change; or gone, or not theirs. */
export const refusals = ({ t }: Texts): Change['refused'] => ({
  404: t('console.error.gone'),
  409: t('console.error.adminConflict'),
});

export interface AdminPageProps<T> {
  title: string;
  read: () => Promise<T>;
  ended: (error: unknown) => boolean;
  /** The page's lists and forms, given what was read and how to ask for a change. */
  children: (state: T, change: (change: Change) => void) => ReactNode;
}

export function AdminPage<T>({ title, read, ended, children }: AdminPageProps<T>) {
  const { state, error, done, load, finished, stale } = useReading(read, ended);
  const [pending, setPending] = useState<Change | null>(null);
  const [revealed, setRevealed] = useState<ReactNode>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    void load().then(() => heading.current?.focus());
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once: the page reads again after each change
  const ask = (change: Change) => {
    setRevealed(null);
    setPending(change);
  };
  return (
    <div className="portal-main__content console-card">
      <h1 className="portal-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <Outcome error={error} done={done}>
        {revealed}
      </Outcome>
      {state !== null && children(state, ask)}
      <PendingChange
        pending={pending}
        close={() => setPending(null)}
        finished={(said, answer) => {
          setRevealed(pending?.reveal?.(answer) ?? null);
          finished(said);
        }}
        stale={stale}
        ended={ended}
      />
    </div>
  );
}
