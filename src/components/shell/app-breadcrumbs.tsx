import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRouteTitles } from '../route-title';

/** Home, then the title of every matched route (SPEC §2: names come from the route table). */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const titles = useRouteTitles();
  const trail = [{ key: 'routes.home', href: '/dashboard' }, ...titles];
  return (
    <nav aria-label={t('shell.breadcrumbs')}>
      <Breadcrumbs mb="md" separatorMargin={6}>
        {trail.map((crumb, i) =>
          i === trail.length - 1 ? (
            <Text key={crumb.key} size="sm" c="dimmed" aria-current="page">
              {t(crumb.key)}
            </Text>
          ) : (
            <Anchor key={crumb.key} component={Link} to={crumb.href} size="sm">
              {t(crumb.key)}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
