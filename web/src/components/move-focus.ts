/**
 * Focus the portal moves itself (to the error summary, a heading, the session warning), told apart from focus the
 * user moves: a field that loses focus to the portal does not check itself, since the user did not leave it.
 */
let moving = false;

export function moveFocus(element: HTMLElement | null | undefined): void {
  whileMovingFocus(() => element?.focus());
}

/** Runs `work`, which moves focus (opening a modal dialog does), as the portal's own move. */
export function whileMovingFocus(work: () => void): void {
  moving = true;
  try {
    work();
  } finally {
    moving = false;
  }
}

/** True while `moveFocus` runs: the blur it causes is dispatched meanwhile. */
export const focusIsMoving = (): boolean => moving;
