import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMail, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarSrc } from '@/components/user-avatar';
import { ConfirmModal } from '@/components/confirm-modal';
import { unsentWork } from '@/lib/unsent-work';
import { useRootStore } from '@/stores/root-store';
import { useSignOut } from './api';

/** The header's avatar dropdown: Profile, Mailbox and Logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useRootStore((s) => s.auth.user);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  /** Complaints still waiting to send on this device (issue 47): signing out asks first. */
  const [unsentCount, setUnsentCount] = useState(0);
  function leave() {
    setUnsentCount(0);
    setSigningOut(true);
    void signOut();
  }
  function askThenLeave() {
    const waiting = unsentWork();
    if (waiting > 0) setUnsentCount(waiting);
    else leave();
  }
  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('account.menu')} aria-busy={signingOut || undefined}>
            <Avatar src={avatarSrc(user?.image)} alt={user?.fullName ?? ''} radius="xl" size={36} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {user && (
            <Menu.Label>
              {/* The whole name, on as many lines as it takes: it says whose session this is. */}
              <Text size="sm" fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </Menu.Label>
          )}
          <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
            {t('account.profile')}
          </Menu.Item>
          <Menu.Item onClick={() => void navigate({ to: '/apps/email/$', params: { _splat: '' } })} leftSection={<IconMail size={16} />}>
            {t('account.mailbox')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red.9" leftSection={<IconLogout size={16} />} disabled={signingOut} onClick={() => void askThenLeave()}>
            {t('account.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={unsentCount > 0}
        title={t('outbox.signOutTitle')}
        confirmLabel={t('account.logout')}
        cancelLabel={t('outbox.stay')}
        color="red"
        onConfirm={leave}
        onClose={() => setUnsentCount(0)}
      >
        {t('outbox.signOutText', { count: unsentCount })}
      </ConfirmModal>
    </>
  );
}
