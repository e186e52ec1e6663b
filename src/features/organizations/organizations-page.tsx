import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { Organization, OrganizationInput, OrganizationUpdate } from '@contract';
import { CatalogueListPage } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueMutations, useChoices } from '@/lib/catalogue-queries';
import type { ListSearchProps } from '@/lib/use-list-search';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { organizationsPage, organizationsParams, ORGANIZATIONS_SORT } from './api';
import { ORGANIZATIONS_URL, type OrganizationsSearch } from './list-url';

// The form comes with the first one opened (FormModal waits for it).
const OrganizationForm = lazyRetrying(() => import('./organization-form').then((m) => ({ default: m.OrganizationForm })));

/** Manage Organization: the authority, the contractors and every other organisation, by type and zone. */
export function OrganizationsPage(listSearch: ListSearchProps<OrganizationsSearch>) {
  const { t } = useTranslation();
  const { search, onSearchChange } = listSearch;
  const query = useQuery(organizationsPage(search));
  const mutations = useCatalogueMutations<Organization, OrganizationInput, OrganizationUpdate>('organizations');
  const types = useChoices('organization-types');
  const zones = useChoices('zones');
  const { page: _page, limit: _limit, ...exported } = organizationsParams(search);
  return (
    <CatalogueListPage<Organization, OrganizationsSearch>
      {...listSearch}
      url={ORGANIZATIONS_URL}
      entity="organization"
      wordsKey="organizations"
      defaultSort={ORGANIZATIONS_SORT}
      nameOf={(o) => o.name}
      query={query}
      update={mutations.update}
      remove={mutations.remove}
      exportButton={{ path: apiPaths.catalogueCsv('organizations'), searchParams: exported, fileName: 'organizations.csv' }}
      filters={
        <>
          <Select
            label={t('organizations.type')}
            placeholder={t('catalogue.everyOne')}
            clearable
            data={types.options(search.type)}
            value={search.type ? String(search.type) : null}
            onChange={(value) => onSearchChange({ type: value ? Number(value) : undefined })}
            w={240}
          />
          <Select
            label={t('organizations.zone')}
            placeholder={t('catalogue.everyOne')}
            clearable
            data={zones.options(search.zone)}
            value={search.zone ? String(search.zone) : null}
            onChange={(value) => onSearchChange({ zone: value ? Number(value) : undefined })}
            w={240}
          />
        </>
      }
      columns={[
        { accessor: 'name', title: t('organizations.name'), sortable: true },
        { accessor: 'registrationNo', title: t('organizations.registrationNo'), sortable: true },
        { accessor: 'organizationTypeId', title: t('organizations.type'), render: (o) => types.nameOf(o.organizationTypeId) },
        { accessor: 'zoneId', title: t('organizations.zone'), noWrap: true, render: (o) => zones.nameOf(o.zoneId) ?? '—' },
      ]}
      form={(current, onDone) => <OrganizationForm current={current} mutations={mutations} onDone={onDone} />}
    />
  );
}
