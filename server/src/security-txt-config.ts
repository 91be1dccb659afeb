/** security.txt's settings (RFC 9116), checked at start. */

/** RFC 9116's two required fields: where to report (URIs) and when the file goes stale (RFC 3339, UTC). */
export interface SecurityTxt {
  contacts: string[];
  expires: string;
}

const CONTACT = /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+|tel:\+?[0-9-]+)$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * SECURITY_CONTACT (URIs separated by commas) and SECURITY_TXT_EXPIRES go together: RFC 9116 requires both fields, so
 * one without the other, or a date already past, stops the start rather than publish a file a scanner rejects.
 */
export function securityTxtOf(
  e: { SECURITY_CONTACT?: string | undefined; SECURITY_TXT_EXPIRES?: string | undefined },
  problems: string[],
): SecurityTxt | null {
  if (!e.SECURITY_CONTACT && !e.SECURITY_TXT_EXPIRES) return null;
  const contacts = (e.SECURITY_CONTACT ?? '').split(',').map((contact) => contact.trim());
  if (!e.SECURITY_CONTACT || !contacts.every((contact) => CONTACT.test(contact)))
    problems.push(
      `SECURITY_CONTACT must be one or more of mailto:security@bank.example, https://bank.example/report or tel:+1-201-555-0123, separated by commas (got "${e.SECURITY_CONTACT ?? ''}")`,
    );
  const expires = RFC_3339.test(e.SECURITY_TXT_EXPIRES ?? '') ? new Date(e.SECURITY_TXT_EXPIRES!) : null;
  if (!expires || Number.isNaN(expires.getTime()) || expires.getTime() <= Date.now())
    problems.push(
      `SECURITY_TXT_EXPIRES must be a date and time to come, such as 2027-06-30T00:00:00Z, when SECURITY_CONTACT is set (got "${e.SECURITY_TXT_EXPIRES ?? ''}")`,
    );
  return expires ? { contacts, expires: expires.toISOString().replace(/\.000Z$/, 'Z') } : null;
}
