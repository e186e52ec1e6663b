import { useBlocker } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/confirm-modal';

/** Which forms below hold changes not yet saved, each by its own id; a scope tells its parent too. */
interface UnsavedScope {
  set(id: string, unsaved: boolean): void;
  any(): boolean;
}

const UnsavedContext = createContext<UnsavedScope | null>(null);

/** A scope of its own, passing each report on to the scope it sits in. */
export function useUnsavedScope(): UnsavedScope {
  const parent = useContext(UnsavedContext);
  const [scope] = useState(() => {
    const ids = new Set<string>();
    return {
      set(id: string, unsaved: boolean) {
        if (unsaved) ids.add(id);
        else ids.delete(id);
        parent?.set(id, unsaved);
      },
      any: () => ids.size > 0,
    };
  });
  return scope;
}

export const UnsavedProvider = UnsavedContext.Provider;

/** Tells the scope around whether this form holds unsaved changes; nothing once it is gone. */
export function useReportUnsaved(unsaved: boolean) {
  const scope = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    scope?.set(id, unsaved);
  }, [scope, id, unsaved]);
  useEffect(() => () => scope?.set(id, false), [scope, id]);
}

/**
 * The signed-in screens' guard: while a form below holds unsaved changes, leaving the screen
 * (a link, Back, sign-out) asks first, and a reload or closing the tab gets the browser's own
 * question. Moves within the screen (its search: a page, an opened record) pass.
 */
export function UnsavedGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const scope = useUnsavedScope();
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => scope.any() && current.pathname !== next.pathname,
    enableBeforeUnload: () => scope.any(),
    withResolver: true,
  });
  return (
    <UnsavedProvider value={scope}>
      {children}
      <ConfirmModal
        opened={blocker.status === 'blocked'}
        title={t('unsaved.leaveTitle')}
        confirmLabel={t('unsaved.leave')}
        cancelLabel={t('unsaved.stay')}
        color="orange"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {t('unsaved.leaveText')}
      </ConfirmModal>
    </UnsavedProvider>
  );
}
