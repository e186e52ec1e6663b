import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { Reference, ReferenceInput, ReferenceListKey, ReferenceUpdate } from '@contract';
import { CatalogueListPage } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueMutations } from '@/lib/catalogue-queries';
import { cataloguePageParams, type CatalogueListSearch } from '@/lib/list-search';
import type { ListSearchProps } from '@/lib/use-list-search';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { REFERENCE_SORT, referenceListPage } from './api';
import { REFERENCE_SCREENS } from './list-url';

// The form comes with the first one opened (FormModal waits for it).
const ReferenceForm = lazyRetrying(() => import('./reference-form').then((m) => ({ default: m.ReferenceForm })));

/** One reference list (Manage Type, User Type, Position, Zone, Organization Type) on the catalogue screen. */
export function ReferenceListPage({ listKey, ...listSearch }: ListSearchProps<CatalogueListSearch> & { listKey: ReferenceListKey }) {
  const { t } = useTranslation();
  const query = useQuery(referenceListPage(listKey, listSearch.search));
  const mutations = useCatalogueMutations<Reference, ReferenceInput, ReferenceUpdate>(listKey);
  const params = cataloguePageParams(listSearch.search, REFERENCE_SORT);
  return (
    <CatalogueListPage<Reference, CatalogueListSearch>
      {...listSearch}
      url={REFERENCE_SCREENS[listKey].url}
      entity={REFERENCE_SCREENS[listKey].entity}
      wordsKey={`referenceLists.${listKey}`}
      defaultSort={REFERENCE_SORT}
      nameOf={(r) => r.name}
      query={query}
      update={mutations.update}
      remove={mutations.remove}
      exportButton={{
        path: apiPaths.catalogueCsv(listKey),
        searchParams: { sort: params.sort, q: params.q, active: params.active },
        fileName: `${listKey}.csv`,
      }}
      columns={[
        { accessor: 'code', title: t('catalogue.code'), sortable: true, noWrap: true },
        { accessor: 'name', title: t('catalogue.name'), sortable: true },
        {
          accessor: 'description',
          title: t('catalogue.description'),
          render: (r) => (
            <Text size="sm" lineClamp={2} title={r.description}>
              {r.description}
            </Text>
          ),
        },
      ]}
      form={(current, onDone) => <ReferenceForm listKey={listKey} current={current} mutations={mutations} onDone={onDone} />}
    />
  );
}
