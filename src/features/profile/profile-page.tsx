import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useRootStore } from '@/stores/root-store';
import { meQueries } from './api';
import { AvatarCard } from './avatar-card';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** `/profile`: name and phone, avatar, password, two-factor sign-in and sessions of the signed-in user. */
export function ProfilePage() {
  const me = useQuery(meQueries.current());
  const storedUser = useRootStore((s) => s.auth.user);
  const setUser = useRootStore((s) => s.setUser);

  // The header shows the store's user: keep it as fresh as the server's answer.
  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);

  const user = me.data ?? (me.isError ? storedUser : null);
  return (
    <>
      <PageHeader />
      {me.isError && <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />}
      {!user ? (
        <PageLoader />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AvatarCard user={user} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <ProfileDetailsForm user={user} />
              <ChangePasswordForm email={user.email} />
              <TwoFactorCard email={user.email} />
              <SessionsCard />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}
