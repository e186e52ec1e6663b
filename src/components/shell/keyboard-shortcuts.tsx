import { useEffect, useState } from 'react';
import { OnceOpened } from '@/components/modal';
import { lazyRetrying } from '@/lib/lazy-retrying';

const ShortcutsSheet = lazyRetrying(() => import('./shortcuts-sheet'));

/** Typing in a field keeps its keys: `/` and `?` are text there. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The signed-in screens' keys: `/` puts the cursor in the list's search, `?` opens the sheet of
 * every shortcut (lists' rows included: list-table.tsx).
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-list-search]');
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      } else if (event.key === '?') {
        event.preventDefault();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <OnceOpened opened={open} onCancel={() => setOpen(false)}>
      <ShortcutsSheet opened={open} onClose={() => setOpen(false)} />
    </OnceOpened>
  );
}
