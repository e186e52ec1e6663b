import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { lazy } from 'react';
import { AppFrame } from '@/components/shell/app-frame';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { AccountMenu } from '@/features/auth/account-menu';
import { PrivilegeGate } from '@/features/navigation/privilege-gate';
import { SidebarMenu } from '@/features/navigation/sidebar-menu';
import { useChangePreferences } from '@/features/profile/use-change-preferences';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { useRootStore } from '@/stores/root-store';

const AppSidePanel = lazy(() => import('@/app/app-side-panel'));

/** The guarded default layout: every path in here needs a signed-in user. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!useRootStore.getState().auth.token) {
      throw redirect({ to: '/', search: { redirect: location.href } });
    }
  },
  component: AppLayout,
});

function AppLayout() {
  const preferences = useChangePreferences();
  return (
    <AppFrame
      sidebar={<SidebarMenu />}
      aside={<AppSidePanel />}
      headerActions={
        <>
          <LanguageSwitch onChange={(language) => void preferences.change({ language: language as 'en' | 'ms' })} />
          <NotificationBell />
          <AccountMenu />
        </>
      }
    >
      <PrivilegeGate>
        <Outlet />
      </PrivilegeGate>
    </AppFrame>
  );
}
