/**
 * Focus the portal moves itself (to the error summary, a heading, the session warning), told apart from focus the
 * user moves: a field that loses focus to the portal does not check itself, since the user did not leave it.
 */
let moving = false;

export function moveFocus(element: HTMLElement | null | undefined): void {
  moving = true;
  try {
    element?.focus();
  } finally {
    moving = false;
  }
}

/** True while `moveFocus` runs: the blur it causes is dispatched meanwhile. */
export const focusIsMoving = (): boolean => moving;
