import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';
import { PublicPage } from '@/components/public-page';

/** Signed out, the mailbox says what it is and where to sign in; it shows no message to no one. */
export function MailboxSignedOut({ back }: { back: string }) {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('routes.email')} subtitle={t('mail.signedOutSubtitle')}>
      <Text size="sm">{t('mail.signedOutHint')}</Text>
      <ButtonLink to="/" search={{ redirect: back }} fullWidth>
        {t('mail.signInToRead')}
      </ButtonLink>
    </PublicPage>
  );
}
