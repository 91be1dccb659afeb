/**
 * What the last change did, or why it did nothing: the line takes the cursor (the button pressed may have gone with
 * the state it changed), and is announced.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function Outcome({
  error,
  done,
  children,
}: {
  error: string | null;
  done: string | null;
  children?: ReactNode;
}) {
  const doneLine = useRef<HTMLDivElement>(null);
  const errorLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneLine.current?.focus();
  }, [done]);
  useEffect(() => {
    if (error) errorLine.current?.focus();
  }, [error]);
  return (
    <>
      {error && (
        <p className="portal-error-summary" role="alert" tabIndex={-1} ref={errorLine}>
          {error}
        </p>
      )}
      {done && (
        <div className="portal-notice" role="status" tabIndex={-1} ref={doneLine}>
          <p className="console-notice__line">{done}</p>
          {children}
        </div>
      )}
    </>
  );
}
