import { Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiPaths } from '@contract/paths';
import type { Formula, FormulaInput, FormulaUpdate } from '@contract';
import { CatalogueListPage } from '@/components/catalogue/catalogue-list-page';
import { useCatalogueMutations } from '@/lib/catalogue-queries';
import { cataloguePageParams } from '@/lib/list-search';
import type { ListSearchProps } from '@/lib/use-list-search';
import { lazyRetrying } from '@/lib/lazy-retrying';
import { FORMULAS_SORT, formulasPage } from './api';
import { FORMULAS_URL, type FormulasSearch } from './list-url';

// The form comes with the first one opened (FormModal waits for it).
const FormulaForm = lazyRetrying(() => import('./formula-form').then((m) => ({ default: m.FormulaForm })));

/** Manage Formula: the penalty formulas contracts name, each with a live preview when edited. */
export function FormulasPage(listSearch: ListSearchProps<FormulasSearch>) {
  const { t } = useTranslation();
  const query = useQuery(formulasPage(listSearch.search));
  const mutations = useCatalogueMutations<Formula, FormulaInput, FormulaUpdate>('formulas');
  const { sort, q, active } = cataloguePageParams(listSearch.search, FORMULAS_SORT);
  return (
    <CatalogueListPage<Formula, FormulasSearch>
      {...listSearch}
      url={FORMULAS_URL}
      entity="formula"
      wordsKey="formulas"
      defaultSort={FORMULAS_SORT}
      nameOf={(f) => f.name}
      query={query}
      update={mutations.update}
      remove={mutations.remove}
      exportButton={{ path: apiPaths.catalogueCsv('formulas'), searchParams: { sort, q, active }, fileName: 'formulas.csv' }}
      formSize="xl"
      columns={[
        {
          accessor: 'name',
          title: t('formulas.name'),
          sortable: true,
          render: (f) => (
            <>
              <Text size="sm">{f.name}</Text>
              {f.description && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {f.description}
                </Text>
              )}
            </>
          ),
        },
        {
          accessor: 'expression',
          title: t('formulas.expression'),
          render: (f) => <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{f.expression}</Code>,
        },
      ]}
      form={(current, onDone) => <FormulaForm current={current} mutations={mutations} onDone={onDone} />}
    />
  );
}
