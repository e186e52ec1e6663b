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
import { LazyPart } from '@/components/part-load-boundary';
import { menuItems } from '@contract/menu-items';
import { useMenuActions } from '@/lib/use-menu-actions';
import { useInstallableApp } from '@/lib/installable-app';

const AppSidePanel = lazyRetrying(() => import('@/app/app-side-panel'));
// The queue of complaints made without network (issue 47): for those who register complaints.
const OutboxBadge = lazyRetrying(() => import('@/features/complaints/outbox-badge'));

/**
 * The signed-in shell: header with language, bell and account menu, the sidebar, the side
 * panel, the guard of unsaved forms, and the dialog that asks for the second factor. The guarded layout (`_app`) and the unguarded mailbox, when signed in, both use it.
 * (A `-` file: the router's generator leaves it out of the route tree.)
 */
export function SignedInFrame({ children }: { children: ReactNode }) {
  const preferences = useChangePreferences();
  const registers = useMenuActions(menuItems.complaint.url).has('create');
  useInstallableApp();
  return (
    <AppFrame
      sidebar={<SidebarMenu />}
      aside={<AppSidePanel />}
      headerActions={
        <>
          <LanguageSwitch onChange={(language) => void preferences.change({ language: language as 'en' | 'ms' })} />
          {registers && (
            <LazyPart>
              <OutboxBadge />
            </LazyPart>
          )}
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
