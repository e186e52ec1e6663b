import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** All, only active or only inactive records: inactive ones stay in the list, and can be found. */
type Shown = 'active' | 'inactive';

export function ActiveFilter({ value, onChange }: { value: Shown | undefined; onChange: (value: Shown | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('catalogue.show')}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? undefined : (next as Shown))}
      data={[
        { value: 'all', label: t('catalogue.all') },
        { value: 'active', label: t('catalogue.active') },
        { value: 'inactive', label: t('catalogue.inactive') },
      ]}
    />
  );
}
