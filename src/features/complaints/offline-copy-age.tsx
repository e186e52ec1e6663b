import { lazy, Suspense } from 'react';
import { useCopyAges } from '@/lib/copy-ages';

import type { CopyAgeText } from './offline-copy-alert';

// Shown only with no network: its code is the installed app's (precached), not every visit's.
const OfflineCopyAlert = lazy(() => import('./offline-copy-alert'));

/**
 * Says that what the screen shows is the copy kept from the last visit (no network), and how old
 * it is: `text` is the key of the sentence, with `{{at}}`. Nothing while answers are live.
 */
export function OfflineCopyAge({ name, text }: { name: string; text: CopyAgeText }) {
  const savedAt = useCopyAges((ages) => ages[name]);
  if (!savedAt) return null;
  return (
    <Suspense fallback={null}>
      <OfflineCopyAlert savedAt={savedAt} text={text} />
    </Suspense>
  );
}
