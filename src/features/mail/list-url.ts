import { MAIL_STATES, type MailState } from '@contract/mail-fields';
import { parseListSearch, type ListSearch } from '@/lib/list-search';

/** The mailbox's view in the URL: the list's own, every outgoing message (`?all=true`), and a delivery state. */
export interface MailSearch extends ListSearch {
  all?: true;
  state?: MailState;
}

export function mailSearch(search: Record<string, unknown>): MailSearch {
  const all = search.all === true || search.all === 'true' ? true : undefined;
  return {
    ...parseListSearch(search, []),
    all,
    // A state filters the outgoing messages only.
    state: all ? MAIL_STATES.find((s) => s === search.state) : undefined,
  };
}

/** `/apps/email/42` reads message 42; anything else is the list. */
export function openedIn(splat: string | undefined): number | undefined {
  const id = /^(\d{1,9})\/?$/.exec(splat ?? '')?.[1];
  return id ? Number(id) : undefined;
}
