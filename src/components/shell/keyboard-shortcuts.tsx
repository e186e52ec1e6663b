import { Group, Kbd, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';

/** The keys of the shortcuts sheet, each with the i18n key of what it does. */
const SHORTCUTS: readonly { keys: readonly string[]; what: string }[] = [
  { keys: ['/'], what: 'search' },
  { keys: ['?'], what: 'sheet' },
  { keys: ['Tab'], what: 'rows' },
  { keys: ['↓', '↑'], what: 'arrows' },
  { keys: ['Ctrl', 'Home'], what: 'first' },
  { keys: ['Ctrl', 'End'], what: 'last' },
  { keys: ['Enter'], what: 'open' },
  { keys: ['Esc'], what: 'close' },
];

/** Typing in a field keeps its keys: `/` and `?` are text there. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The signed-in screens' keys: `/` puts the cursor in the list's search, `?` opens the sheet of
 * every shortcut (lists' rows included: list-table.tsx).
 */
export function KeyboardShortcuts() {
  const { t } = useTranslation();
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
    <Modal opened={open} onClose={() => setOpen(false)} title={t('shortcuts.title')}>
      {/* Not Mantine's Table: it belongs to the lists' chunk, which not every screen loads. */}
      <Stack component="dl" gap="xs" m={0}>
        {SHORTCUTS.map((shortcut) => (
          <Group key={shortcut.what} wrap="nowrap" align="baseline" gap="md">
            <Text component="dt" w={130} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {shortcut.keys.map((key, i) => (
                <span key={key}>
                  {i > 0 && (shortcut.what === 'arrows' ? ' ' : ' + ')}
                  <Kbd>{key}</Kbd>
                </span>
              ))}
            </Text>
            <Text component="dd" m={0} size="sm">
              {t(`shortcuts.${shortcut.what}`)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
