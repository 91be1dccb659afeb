/** The session warning's modal behaviour (§4): focus moved in and given back, and Tab kept between its buttons. */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { whileMovingFocus } from './move-focus';

/** A modal `<dialog>` open while `open` holds: focus moves to `first` and comes back where it was when it closes. */
export function useModal(open: boolean, first: RefObject<HTMLButtonElement | null>) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      // showModal moves focus itself: the field it leaves must not take that for the user leaving it.
      whileMovingFocus(() => {
        element.showModal();
        first.current?.focus();
      });
    } else if (!open && element.open) {
      element.close();
      (returnFocus.current as HTMLElement | null)?.focus?.();
    }
  }, [open, first]);
  return dialog;
}

/** §4 and §9: Tab (9) and Shift+Tab stay between the two buttons; Esc (27) hides the dialog. */
export function trapTab(first: RefObject<HTMLButtonElement | null>, second: RefObject<HTMLButtonElement | null>) {
  return (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    (document.activeElement === first.current ? second.current : first.current)?.focus();
  };
}
