import { useRouter, type AnyRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { menuGroupPath } from './menu-path';

/**
 * The server names menu groups and items in English; the SPA shows them in the user's
 * language: an item by its route's title (the key its url gives), a group by the key its path gives.
 */
export function useMenuLabels() {
  const { t } = useTranslation();
  const router = useRouter();
  return {
    itemLabel: (url: string, name: string) => {
      const routes: AnyRoute[] = Object.values(router.routesById);
      const title = routes.find((route) => route.fullPath === url)?.options.staticData?.title;
      return title ? t(title) : name;
    },
    groupLabel: (name: string) => t(`shell.menuGroups.${menuGroupPath(name).slice(1)}`, { defaultValue: name }),
  };
}
