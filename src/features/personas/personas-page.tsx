import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { Persona, PersonaInput, PersonaUpdate } from '@contract';
import { CatalogueListPage } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueMutations, useChoices } from '@/lib/catalogue-queries';
import type { ListSearchProps } from '@/lib/use-list-search';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { personasPage, personasParams, PERSONAS_SORT } from './api';
import { PERSONAS_URL, type PersonasSearch } from './list-url';

// The form comes with the first one opened (FormModal waits for it).
const PersonaForm = lazyRetrying(() => import('./persona-form').then((m) => ({ default: m.PersonaForm })));

/** Manage Persona: the people behind the accounts, and those who have none yet. */
export function PersonasPage(listSearch: ListSearchProps<PersonasSearch>) {
  const { t } = useTranslation();
  const { search, onSearchChange } = listSearch;
  const query = useQuery(personasPage(search));
  const mutations = useCatalogueMutations<Persona, PersonaInput, PersonaUpdate>('personas');
  const organizations = useChoices('organizations');
  const types = useChoices('account-types');
  const positions = useChoices('positions');
  const { page: _page, limit: _limit, ...exported } = personasParams(search);
  return (
    <CatalogueListPage<Persona, PersonasSearch>
      {...listSearch}
      url={PERSONAS_URL}
      entity="persona"
      wordsKey="personas"
      defaultSort={PERSONAS_SORT}
      nameOf={(p) => p.fullName}
      query={query}
      update={mutations.update}
      remove={mutations.remove}
      exportButton={{ path: apiPaths.catalogueCsv('personas'), searchParams: exported, fileName: 'personas.csv' }}
      filters={
        <>
          <Select
            label={t('personas.organization')}
            placeholder={t('catalogue.everyOne')}
            clearable
            searchable
            data={organizations.options(search.organization)}
            value={search.organization ? String(search.organization) : null}
            onChange={(value) => onSearchChange({ organization: value ? Number(value) : undefined })}
            w={280}
          />
          <Select
            label={t('personas.type')}
            placeholder={t('catalogue.everyOne')}
            clearable
            data={types.options(search.type)}
            value={search.type ? String(search.type) : null}
            onChange={(value) => onSearchChange({ type: value ? Number(value) : undefined })}
            w={220}
          />
        </>
      }
      columns={[
        { accessor: 'fullName', title: t('personas.fullName'), sortable: true },
        { accessor: 'staffNo', title: t('personas.staffNo'), sortable: true, noWrap: true, render: (p) => p.staffNo ?? '—' },
        { accessor: 'accountTypeId', title: t('personas.type'), render: (p) => types.nameOf(p.accountTypeId) },
        { accessor: 'positionId', title: t('personas.position'), render: (p) => positions.nameOf(p.positionId) ?? '—' },
        { accessor: 'organizationId', title: t('personas.organization'), render: (p) => organizations.nameOf(p.organizationId) ?? '—' },
      ]}
      form={(current, onDone) => <PersonaForm current={current} mutations={mutations} onDone={onDone} />}
    />
  );
}
