import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRootStore } from '@/stores/root-store';
import { useSignOut } from './api';

export const DEFAULT_AVATAR = '/images/avatar-default.svg';

/** The header's avatar dropdown: Profile and Logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useRootStore((s) => s.auth.user);
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('account.menu')}>
          <Avatar src={user?.image || DEFAULT_AVATAR} alt={user?.fullName ?? ''} radius="xl" size={36} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.fullName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('account.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          {t('account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
