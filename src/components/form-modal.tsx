import type { ModalProps } from '@mantine/core';
import { Fragment, Suspense, type ReactNode } from 'react';
import { GuardedModal } from '@/components/guarded-modal';
import { PageLoader } from '@/components/page-loader';

interface FormModalProps<T extends { id: number | string }> extends Pick<ModalProps, 'size' | 'closeOnClickOutside'> {
  /** Its form keeps a draft that outlives the page (see `GuardedModal`). */
  keepsDraft?: boolean;
  /** `'new'` to create one, a record to edit it, null when closed. */
  editing: T | 'new' | null;
  onClose: () => void;
  title: (current: T | null) => string;
  /** The form, for the record being edited or null for a new one. */
  children: (current: T | null) => ReactNode;
}

/**
 * A create-or-edit form in a modal; each target gets a fresh form, so nothing carries over.
 * Closing it with unsaved changes asks first (`GuardedModal`).
 */
export function FormModal<T extends { id: number | string }>({ editing, onClose, title, children, ...modal }: FormModalProps<T>) {
  const current = editing === 'new' ? null : editing;
  return (
    <GuardedModal opened={editing !== null} onClose={onClose} title={title(current)} {...modal}>
      {editing !== null && (
        // The forms come with the first one opened.
        <Suspense fallback={<PageLoader />}>
          <Fragment key={current?.id ?? 'new'}>{children(current)}</Fragment>
        </Suspense>
      )}
    </GuardedModal>
  );
}
