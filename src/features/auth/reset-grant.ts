import type { VerifyOtpResponse } from '@contract';

/**
 * The short-lived reset token travels from the code page to the reset page through this
 * tab's session storage, never the address bar: a URL ends up in history, logs and
 * referrers. It survives a reload of the same tab and nothing else.
 */
const KEY = 'complaint-desk.password-reset';

export type ResetGrant = VerifyOtpResponse['data'] & { email: string };

export function keepResetGrant(grant: ResetGrant): void {
  sessionStorage.setItem(KEY, JSON.stringify(grant));
}

/** The grant of this tab, unless there is none or it has expired. */
export function readResetGrant(): ResetGrant | null {
  try {
    const grant = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ResetGrant | null;
    if (grant?.resetToken && Date.parse(grant.expiresAt) > Date.now()) return grant;
  } catch {
    // Not ours or damaged: as good as none.
  }
  dropResetGrant();
  return null;
}

export function dropResetGrant(): void {
  sessionStorage.removeItem(KEY);
}
