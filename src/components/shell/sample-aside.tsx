import { Avatar, Badge, Group, ScrollArea, Stack, Switch, Tabs, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** SPEC §1: the side panel holds template sample content, not product behaviour. */
export function SampleAside() {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="timeline" h="100%" display="flex" style={{ flexDirection: 'column' }}>
      <Tabs.List grow>
        <Tabs.Tab value="timeline">
          {t('aside.timeline')}
        </Tabs.Tab>
        <Tabs.Tab value="messages">
          {t('aside.messages')}
        </Tabs.Tab>
        <Tabs.Tab value="settings">
          {t('aside.settings')}
        </Tabs.Tab>
      </Tabs.List>
      <ScrollArea style={{ flex: 1 }} p="md">
        <Badge variant="light" color="gray" mb="md">
          {t('aside.sample')}
        </Badge>
        <Tabs.Panel value="timeline">
          <Timeline bulletSize={18} lineWidth={2} active={1}>
            {[1, 2, 3].map((n) => (
              <Timeline.Item key={n} title={t('aside.sampleEvent', { n })}>
                <Text size="xs" c="dimmed">
                  {t('aside.sampleEventHint')}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Tabs.Panel>
        <Tabs.Panel value="messages">
          <Stack gap="md">
            {[1, 2, 3].map((n) => (
              <Group key={n} wrap="nowrap" align="flex-start">
                <Avatar radius="xl" color="indigo">
                  {`S${n}`}
                </Avatar>
                <div>
                  <Text size="sm" fw={600}>
                    {t('aside.sampleSender', { n })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('aside.sampleMessage')}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Stack gap="sm">
            <Switch label={t('aside.sampleSetting', { n: 1 })} defaultChecked />
            <Switch label={t('aside.sampleSetting', { n: 2 })} />
            <Switch label={t('aside.sampleSetting', { n: 3 })} />
          </Stack>
        </Tabs.Panel>
      </ScrollArea>
    </Tabs>
  );
}
