import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/confirm-modal';
import { UnsavedProvider, useUnsavedScope } from './unsaved-scope';

/**
 * The signed-in screens' guard: while a form below holds unsaved changes, leaving the screen
 * (a link, Back, sign-out) asks first, and a reload or closing the tab gets the browser's own
 * question. Moves within the screen (its search: a page, an opened record) pass.
 */
export function UnsavedGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const scope = useUnsavedScope();
  const { history } = useRouter();
  // The question on screen: its answer lets the move go on (true) or stops it (false).
  const [asking, setAsking] = useState<((leave: boolean) => void) | null>(null);
  // The history's own blocker (as the router's useBlocker uses it, without its route matching).
  useEffect(
    () =>
      history.block({
        blockerFn: ({ currentLocation, nextLocation }) =>
          scope.any() && currentLocation.pathname !== nextLocation.pathname
            ? new Promise<boolean>((resolve) =>
                setAsking(() => (leave: boolean) => {
                  setAsking(null);
                  resolve(!leave);
                }),
              )
            : false,
        enableBeforeUnload: () => scope.any(),
      }),
    [history, scope],
  );
  return (
    <UnsavedProvider value={scope}>
      {children}
      <ConfirmModal
        opened={asking !== null}
        title={t('unsaved.leaveTitle')}
        confirmLabel={t('unsaved.leave')}
        cancelLabel={t('unsaved.stay')}
        color="orange"
        onConfirm={() => asking?.(true)}
        onClose={() => asking?.(false)}
      >
        {t('unsaved.leaveText')}
      </ConfirmModal>
    </UnsavedProvider>
  );
}
