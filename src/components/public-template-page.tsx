import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicPage } from './public-page';
import { useRouteTitles } from './route-title';

/** SPEC §2: a signed-out template page (the e-mail app); its title and an honest note. */
export function PublicTemplatePage() {
  const { t } = useTranslation();
  const title = useRouteTitles().at(-1);
  return (
    <PublicPage title={title ? t(title.key) : ''}>
      <Text c="dimmed">{t('common.templateDemo')}</Text>
      <Anchor component={Link} to="/">
        {t('common.backToSignIn')}
      </Anchor>
    </PublicPage>
  );
}
