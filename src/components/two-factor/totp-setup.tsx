import { Button, Code, CopyButton, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@contract';

/** The secret as authenticator apps ask it typed: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * What an authenticator app needs: the QR code of the `otpauth://` address (drawn here, in a
 * chunk of its own), and the same secret to type for a phone that cannot scan.
 */
export function TotpSetup({ enrolment }: { enrolment: TotpEnrolment | null }) {
  const { t } = useTranslation();
  // The image drawn for an address: one drawn for an earlier secret is never shown for this one.
  const [drawn, setDrawn] = useState<{ url: string; image: string } | null>(null);
  const qr = enrolment && drawn?.url === enrolment.otpauthUrl ? drawn.image : null;

  useEffect(() => {
    if (!enrolment) return;
    let live = true;
    const url = enrolment.otpauthUrl;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(url, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((image) => live && setDrawn({ url, image }));
    return () => {
      live = false;
    };
  }, [enrolment]);

  return (
    <Stack gap="sm">
      <Text size="sm">{t('twoFactor.scanStep')}</Text>
      <Group justify="center">
        {qr ? (
          <Image src={qr} w={200} h={200} alt={t('twoFactor.qrAlt')} radius="sm" style={{ imageRendering: 'pixelated' }} />
        ) : (
          <Skeleton w={200} h={200} role="status" aria-label={t('twoFactor.qrLoading')} />
        )}
      </Group>
      <Text size="sm">{t('twoFactor.typeInstead')}</Text>
      <Group gap="xs" wrap="nowrap" justify="center" align="center">
        <Code fz="sm" data-testid="totp-secret" style={{ letterSpacing: '0.08em', wordBreak: 'break-word', minWidth: 0 }}>
          {enrolment ? grouped(enrolment.secret) : '…'}
        </Code>
        <CopyButton value={enrolment?.secret ?? ''}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="default" onClick={copy} disabled={!enrolment} style={{ flexShrink: 0 }}>
              {copied ? t('twoFactor.copied') : t('twoFactor.copyKey')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
