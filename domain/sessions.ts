import type { MySession } from '../contract/auth';
import { allow, problems, refuse, type Decision } from './problems';

/** The profile's list of live sessions: where each signed in from, and when it was last seen. */

/** A user agent is kept to this length: enough for any browser's, too little to fill a table. */
export const USER_AGENT_MAX = 400;

/** A session's last-seen time is written at most this often, not on every request. */
export const SESSION_SEEN_EVERY_MS = 60_000;

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\b(?:Headless)?Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** `Chrome 142 on Linux`, from a user agent; the part it cannot tell is left out, null when it tells nothing. */
export function browserOf(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.map(([pattern, name]) => {
    const version = pattern.exec(userAgent)?.[1];
    return version ? `${name} ${version}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

/** A session as the profile lists it, from what a back end keeps of it. */
export function presentMySession(
  session: { id: string; userAgent: string | null; address: string | null; createdAt: Date | string; lastSeenAt: Date | string },
  currentId: string,
): MySession {
  return {
    id: session.id,
    browser: browserOf(session.userAgent),
    address: session.address,
    signedInAt: new Date(session.createdAt).toISOString(),
    lastSeenAt: new Date(session.lastSeenAt).toISOString(),
    current: session.id === currentId,
  };
}

/** A session signs its user in until it is signed out or expires. */
export const isSessionLive = (session: { revoked: boolean; expiresAt: Date | string }, now: number) =>
  !session.revoked && new Date(session.expiresAt).getTime() > now;

/** The current session first, then the others by when they were last seen, newest first. */
export function mySessionOrder(a: MySession, b: MySession): number {
  if (a.current !== b.current) return a.current ? -1 : 1;
  return b.lastSeenAt.localeCompare(a.lastSeenAt);
}

/** Only a live session of one's own is signed out from the profile; any other is not found. */
export function decideEndSession(session: { userId: number; live: boolean } | null, callerUserId: number): Decision {
  return session && session.live && session.userId === callerUserId ? allow() : refuse(problems.notFound('Session'));
}

/** Whether a session's last-seen time is old enough to write again. */
export const isSeenStale = (lastSeenAt: Date | string | number | null, now: number) =>
  lastSeenAt === null || now - new Date(lastSeenAt).getTime() >= SESSION_SEEN_EVERY_MS;
