import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { MailboxPage } from '@/features/mail/mailbox-page';
import { MailboxSignedOut } from '@/features/mail/mailbox-signed-out';
import { mailSearch, openedIn } from '@/features/mail/list-url';
import { nextSearch } from '@/lib/list-search';
import { useRootStore } from '@/stores/root-store';
import { SignedInFrame } from '../../-signed-in-frame';

/**
 * SPEC §2's e-mail app, unguarded: signed out it explains itself; signed in it is the mailbox
 * (`/apps/email/42` reads message 42).
 */
export const Route = createFileRoute('/apps/email/$')({
  validateSearch: mailSearch,
  staticData: { title: 'routes.email' },
  component: MailRoute,
});

function MailRoute() {
  const signedIn = useRootStore((s) => s.auth.token !== null);
  const { _splat } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  if (!signedIn) return <MailboxSignedOut back={href} />;
  return (
    <SignedInFrame>
      <MailboxPage
        search={search}
        onSearchChange={(change, options) => void navigate({ search: (prev) => nextSearch(prev, change), replace: options?.replace })}
        openId={openedIn(_splat)}
        onOpen={(id) => void navigate({ params: { _splat: id === undefined ? '' : String(id) }, search: (prev) => prev })}
      />
    </SignedInFrame>
  );
}
