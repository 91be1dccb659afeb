import { COOKIE_MAX_AGE_DAYS } from '@portal/contract';

/** Null where there is no document (a screen rendered on the server has no cookies to read). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/`;
}

/** §9: locale and user-ID cookies last 90 days at path '/'. */
export function writeCookie(name: string, value: string, secure = location.protocol === 'https:'): void {
  const maxAge = COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
