/** A search parameter that must be a positive whole number, or nothing. */
export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Longer than any address (RFC 5321); the form that shows it applies the real rules. */
const EMAIL_PARAM_MAX = 320;

/** An e-mail address carried in the URL to pre-fill a form: a plain, bounded string or nothing. */
export function emailParam(value: unknown): { email?: string } {
  if (typeof value !== 'string') return {};
  const email = value.trim();
  return email && email.length <= EMAIL_PARAM_MAX ? { email } : {};
}
