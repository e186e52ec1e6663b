import { Group, Kbd, Stack, Text } from '@mantine/core';
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

/** The sheet of every shortcut, fetched when `?` first asks for it. */
export default function ShortcutsSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.title')}>
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
