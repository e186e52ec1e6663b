import type { ModalProps } from '@mantine/core';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { PartLoadBoundary } from './part-load-boundary';

const MantineModal = lazyRetrying(() => import('./mantine-modal'));

/**
 * `children` from the first time `opened` is true on, their code fetched then rather than with
 * the screen; mounted from then on, so a dialog still closes with its transition. Code that
 * could not be downloaded (offline) is said in place and tried again when the network returns
 * (`PartLoadBoundary`; `onCancel`, the dialog's close, gives it up).
 */
export function OnceOpened({ opened, onCancel, children }: { opened: boolean; onCancel?: () => void; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? (
    <PartLoadBoundary opened={opened} onCancel={onCancel}>
      <Suspense fallback={null}>{children}</Suspense>
    </PartLoadBoundary>
  ) : null;
}

/** Opened one frame after it mounts, so the first opening fades in as every later one does. */
function OpenedAfterMount(props: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return <MantineModal {...props} opened={props.opened && mounted} />;
}

/** Mantine's Modal, its code (overlay, focus trap, scroll lock) fetched when the dialog first opens. */
export function Modal(props: ModalProps) {
  return (
    <OnceOpened opened={props.opened} onCancel={props.onClose}>
      <OpenedAfterMount {...props} />
    </OnceOpened>
  );
}
