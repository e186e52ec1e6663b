import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@contract';
import { useChoices } from '@/lib/catalogue-queries';
import { formatDateTime } from '@/lib/date-format';
import { formatPosition } from '@/lib/position-format';
import { useMenuLabels } from '@/lib/use-menu-labels';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** `justificationDays` → "Justification days", `userTypeId` → "User type": a key no one named yet. */
export function humanized(key: string): string {
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The audit trail in a person's words: fields by their labels (a privilege row by its screen's
 * name), values as the screens show them (actions by name, lists joined, instants as dates),
 * and records by their names.
 */
export function useAuditWords() {
  const { t } = useTranslation();
  const { itemLabel } = useMenuLabels();
  const userTypes = useChoices('user-types');

  const fieldLabel = (event: AuditEvent, key: string) =>
    // A privileges event keeps one field per screen, by the screen's key (its path).
    event.entity === 'privileges' ? itemLabel(`/${key}`, key) : t(`audit.fields.${key}`, { defaultValue: humanized(key) });

  /** A complaint's own compound fields (issue 47) in the words its detail uses. */
  const complaintValueText = (field: string, value: object): string | null => {
    const v = value as Record<string, unknown>;
    if (field === 'madeOffline' && typeof v.at === 'string' && typeof v.device === 'string')
      return t('complaints.madeOffline', { at: formatDateTime(v.at), device: v.device });
    if (field === 'coordinates' && typeof v.latitude === 'number' && typeof v.longitude === 'number') {
      const accuracy =
        typeof v.accuracyMeters === 'number' ? ` ${t('complaints.positionAccuracy', { meters: Math.round(v.accuracyMeters) })}` : '';
      return `${formatPosition({ latitude: v.latitude, longitude: v.longitude })}${accuracy}`;
    }
    return null;
  };

  const valueText = (event: AuditEvent, value: unknown, field?: string): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (event.entity === 'complaint' && field && typeof value === 'object' && !Array.isArray(value)) {
      const words = complaintValueText(field, value);
      if (words !== null) return words;
    }
    if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no');
    if (Array.isArray(value)) {
      if (value.length === 0) return '—';
      const words = event.entity === 'privileges' ? value.map((a) => t(`matrix.actions.${String(a)}`)) : value.map(String);
      return words.join(', ');
    }
    if (typeof value === 'string' && ISO_INSTANT.test(value)) return formatDateTime(value);
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };

  /** "Complaint CMP-2026-000063", "Claim record CT-2026-001 2026-10", "Privileges of Officer", or the kind and its number. */
  const recordLabel = (event: AuditEvent) => {
    const kind = event.entity === 'privileges' ? t('audit.privilegesOf') : t(`audit.entities.${event.entity}`);
    const snapshot = event.after ?? event.before;
    const text = (v: unknown): v is string => typeof v === 'string' && v !== '';
    // A claim record has no invoice no. until it is issued: till then, its contract's and month.
    const contract = snapshot?.contract as { contractNo?: unknown } | undefined;
    const claimName = text(contract?.contractNo) && text(snapshot?.month) ? `${contract.contractNo} ${snapshot.month}` : undefined;
    const name =
      event.entity === 'privileges'
        ? userTypes.nameOf(Number(event.entityId))
        : [snapshot?.name, snapshot?.fullName, snapshot?.email, snapshot?.refNo, snapshot?.contractNo, snapshot?.invoiceNo, claimName].find(
            text,
          );
    return name ? { kind, name } : { kind, name: `#${event.entityId}` };
  };

  return { fieldLabel, valueText, recordLabel };
}
