/** Every address the service hands out is checked here against the cobrand's allowed origins (ARCHITECTURE §6). */
import { isAllowedRedirect } from '@portal/contract';

export function checkedRedirect(
  target: string | null | undefined,
  allowedOrigins: readonly string[],
  selfOrigin: string,
  fallback: string,
): string {
  return target && isAllowedRedirect(target, allowedOrigins, selfOrigin) ? target : fallback;
}
