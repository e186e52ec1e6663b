import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

const MantineModal = lazy(() => import('./mantine-modal'));

/**
 * `children` from the first time `opened` is true on, their code fetched then rather than with
 * the screen; mounted from then on, so a dialog still closes with its transition.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
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
    <OnceOpened opened={props.opened}>
      <OpenedAfterMount {...props} />
    </OnceOpened>
  );
}
