import { Alert, Button, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The ten recovery codes, shown once: each signs in once without the phone. Copy or download
 * them; the server keeps only their hashes.
 */
export function RecoveryCodes({ codes, email }: { codes: readonly string[]; email: string }) {
  const { t } = useTranslation();
  const text = `${t('twoFactor.codesFileTitle', { email })}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'complaint-desk-recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" title={t('twoFactor.codesTitle')}>
        {t('twoFactor.codesHint')}
      </Alert>
      <SimpleGrid
        cols={2}
        spacing="xs"
        component="ul"
        aria-label={t('twoFactor.codesTitle')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <Text key={code} component="li" ff="monospace" fz="md" ta="center" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group justify="center" gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="default" onClick={copy}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button size="compact-sm" variant="default" leftSection={<IconDownload size={14} />} onClick={download}>
          {t('twoFactor.downloadCodes')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The codes of a new second factor, and the way on once the user says they kept them. */
export function RecoveryCodesToKeep({ codes, email, onContinue }: { codes: readonly string[]; email: string; onContinue: () => void }) {
  const { t } = useTranslation();
  const [kept, setKept] = useState(false);
  return (
    <Stack gap="md">
      <RecoveryCodes codes={codes} email={email} />
      <Checkbox label={t('twoFactor.codesKept')} checked={kept} onChange={(e) => setKept(e.currentTarget.checked)} />
      <Button onClick={onContinue} disabled={!kept} fullWidth>
        {t('twoFactor.continue')}
      </Button>
    </Stack>
  );
}
