import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { PrivilegeGate } from '@/features/navigation/privilege-gate';
import { useRootStore } from '@/stores/root-store';
import { SignedInFrame } from './-signed-in-frame';

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
  return (
    <SignedInFrame>
      <PrivilegeGate>
        <Outlet />
      </PrivilegeGate>
    </SignedInFrame>
  );
}
