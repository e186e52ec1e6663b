import { SidePanel } from '@/components/shell/side-panel';
import { MyComplaintMoves } from '@/features/complaints/my-complaint-moves';
import { LatestNotifications } from '@/features/notifications/latest-notifications';
import { PreferencesForm } from '@/features/profile/preferences-form';

/** The aside's content, from the features that own each tab; fetched the first time it opens. */
export default function AppSidePanel() {
  return <SidePanel timeline={<MyComplaintMoves />} messages={<LatestNotifications />} settings={<PreferencesForm />} />;
}
