import { Badge } from '@mantine/core';
import type { StatusBadges } from './status-badges';

/** Stand-ins for the features' badges, which the route hands in (a feature's test may not import another feature). */
export const testBadges: StatusBadges = {
  complaint: (status, text) => <Badge data-status={status}>{text}</Badge>,
  claim: (status) => <Badge data-status={status}>{status}</Badge>,
};
