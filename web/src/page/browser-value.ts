/**
 * A value only the browser has (its storage), read so that a page the service rendered hydrates: React renders first
 * with what the service rendered (`onService`), then at once with the browser's value.
 */
import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

export function useBrowserValue<T extends string | null>(read: () => T, onService: T): T {
  return useSyncExternalStore(nothingToWatch, read, () => onService);
}
