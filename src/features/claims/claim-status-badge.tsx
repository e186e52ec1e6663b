import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClaimStatus } from '@contract/claim-record-fields';
import { CLAIM_STATUS_COLOR } from './claim-words';

/** Draft, Issued or Paid, in colours dark enough for white text. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={CLAIM_STATUS_COLOR[status]} variant="filled" data-status={status}>
      {t(`claims.statuses.${status}`)}
    </Badge>
  );
}
