import { useMatches } from '@tanstack/react-router';

/** The titles of the matched routes, outermost first: what breadcrumbs and headings show. */
export function useRouteTitles(): { key: string; href: string }[] {
  return useMatches({
    select: (matches) => matches.flatMap((m) => (m.staticData.title ? [{ key: m.staticData.title, href: m.pathname }] : [])),
  });
}
