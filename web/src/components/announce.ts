/**
 * One polite live region per page, for news a screen reader would otherwise miss: a field the user has just left
 * turning invalid while focus is already on the next one.
 */
export const ANNOUNCER_ID = 'portal-announcer';

export function announce(text: string): void {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  // Emptied first and filled in a later task: the same words twice (two empty fields in a row) are read twice.
  region.textContent = '';
  setTimeout(() => (region.textContent = text), 100);
}
