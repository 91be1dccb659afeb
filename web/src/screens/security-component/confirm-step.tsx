/**
 * An action with no way back asks first (WCAG 3.3.4): its button gives way, in place, to the question, an explicit
 * "Yes, …" and Cancel. Focus goes to the question, so a screen reader reads it next (as the new recovery codes'
 * introduction is read) and a second press of the key that opened it confirms nothing; Esc or Cancel leaves all as it
 * was and takes focus back to the button that asked.
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from '../../page/browser-value';
import { usePage } from '../../page/page-context';

/** Whether the question is open, and the button that opens it (`opener`), where Cancel takes focus back. */
export function useConfirmStep(openAtLoad = false) {
  const [open, setOpen] = useState(openAtLoad);
  const opener = useRef<HTMLButtonElement>(null);
  const focusBack = useRef(false);
  useEffect(() => {
    if (open || !focusBack.current) return;
    focusBack.current = false;
    opener.current?.focus();
  }, [open]);
  return {
    open,
    opener,
    ask: () => setOpen(true),
    /** Closed: focus back on the opener when `back`, else left where the action put it (the heading, new codes). */
    close: (back: boolean) => {
      focusBack.current = back;
      setOpen(false);
    },
  };
}

export type ConfirmStepState = ReturnType<typeof useConfirmStep>;

interface ConfirmStepProps {
  step: ConfirmStepState;
  id: string;
  question: string;
  yes: string;
  onYes: () => Promise<void>;
  /** Without the script: the "Yes" button posts the page's form with this field, and Cancel is this link. */
  noScript?: { field: { name: string; value: string }; cancelHref: string };
}

export function ConfirmStep({ step, id, question, yes, onYes, noScript }: ConfirmStepProps): ReactNode {
  const { t } = usePage();
  const hydrated = useHydrated();
  const asked = useRef<HTMLParagraphElement>(null);
  const group = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  useEffect(() => asked.current?.focus(), []);

  const cancel = () => step.close(true);
  const confirm = async (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    // One action per question, however often "Yes" is pressed while it runs.
    if (busy.current) return;
    busy.current = true;
    try {
      await onYes();
    } finally {
      // Failed, or refused: focus is still on "Yes", which is going, so it goes back to the button that asked.
      step.close(Boolean(group.current?.contains(document.activeElement)));
    }
  };

  return (
    <div
      className="portal-security__confirm"
      role="group"
      aria-labelledby={id}
      ref={group}
      onKeyDown={(event) => event.key === 'Escape' && cancel()}
    >
      <p className="portal-security__question" id={id} ref={asked} tabIndex={-1}>
        {question}
      </p>
      <div className="portal-actions">
        <button
          type={noScript ? 'submit' : 'button'}
          name={noScript?.field.name}
          value={noScript?.field.value}
          className="portal-button portal-button--primary"
          onClick={(event) => void confirm(event)}
        >
          {yes}
        </button>{' '}
        {noScript && !hydrated ? (
          <a className="portal-button portal-button--secondary" href={noScript.cancelHref}>
            {t('security.cancel')}
          </a>
        ) : (
          <button type="button" className="portal-button portal-button--secondary" onClick={cancel}>
            {t('security.cancel')}
          </button>
        )}
      </div>
    </div>
  );
}
