/**
 * A value only the browser has (its storage), read so that a page the service rendered hydrates: React renders first
 * with what the service rendered (`onService`), then at once with the browser's value.
 */
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

export function useBrowserValue<T extends string | null>(read: () => T, onService: T): T {
  return useSyncExternalStore(nothingToWatch, read, () => onService);
}

/**
 * False while a page the service rendered is not yet hydrated, true from then on (and at once in a page the browser
 * renders): a form cannot be sent before its script is there to send it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
