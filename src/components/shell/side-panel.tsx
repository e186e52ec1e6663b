import { ScrollArea, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SidePanelProps {
  /** The user's own latest complaint moves. */
  timeline: ReactNode;
  /** The user's latest notifications. */
  messages: ReactNode;
  /** The user's settings. */
  settings: ReactNode;
}

/** The aside of SPEC §1, holding the signed-in user's own things in its three tabs. */
export function SidePanel({ timeline, messages, settings }: SidePanelProps) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="timeline" h="100%" display="flex" style={{ flexDirection: 'column' }}>
      <Tabs.List grow>
        <Tabs.Tab value="timeline">{t('aside.timeline')}</Tabs.Tab>
        <Tabs.Tab value="messages">{t('aside.messages')}</Tabs.Tab>
        <Tabs.Tab value="settings">{t('aside.settings')}</Tabs.Tab>
      </Tabs.List>
      <ScrollArea style={{ flex: 1 }} p="md">
        <Tabs.Panel value="timeline">{timeline}</Tabs.Panel>
        <Tabs.Panel value="messages">{messages}</Tabs.Panel>
        <Tabs.Panel value="settings">{settings}</Tabs.Panel>
      </ScrollArea>
    </Tabs>
  );
}
