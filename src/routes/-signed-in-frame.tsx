import { type ReactNode } from 'react';
import { AppFrame } from '@/components/shell/app-frame';
import { KeyboardShortcuts } from '@/components/shell/keyboard-shortcuts';
import { LanguageSwitch } from '@/components/shell/language-switch';
import { AccountMenu } from '@/features/auth/account-menu';
import { SidebarMenu } from '@/features/navigation/sidebar-menu';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { StepUpDialog } from '@/features/profile/step-up-dialog';
import { useChangePreferences } from '@/features/profile/use-change-preferences';
import { UnsavedGuard } from '@/lib/unsaved';
import { lazyRetrying } from '@/lib/lazy-retrying';

const AppSidePanel = lazyRetrying(() => import('@/app/app-side-panel'));

/**
 * The signed-in shell: header with language, bell and account menu, the sidebar, the side
 * panel, the guard of unsaved forms, and the dialog that asks for the second factor. The guarded layout (`_app`) and the unguarded mailbox, when signed in, both use it.
 * (A `-` file: the router's generator leaves it out of the route tree.)
 */
export function SignedInFrame({ children }: { children: ReactNode }) {
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
      <UnsavedGuard>{children}</UnsavedGuard>
      <KeyboardShortcuts />
      <StepUpDialog />
    </AppFrame>
  );
}
