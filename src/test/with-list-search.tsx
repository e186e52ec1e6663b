import { useState, type ReactNode } from 'react';
import { nextSearch, type ListSearch } from '@/lib/list-search';
import type { ListSearchProps } from '@/lib/use-list-search';

/** A list's view kept in state, as its route keeps it in the URL, for a page rendered alone. */
export function WithListSearch<S extends ListSearch>({
  initial,
  children,
}: {
  initial?: S;
  children: (props: ListSearchProps<S>) => ReactNode;
}) {
  const [search, setSearch] = useState<S>(initial ?? ({} as S));
  return <>{children({ search, onSearchChange: (change) => setSearch((prev) => nextSearch(prev, change)) })}</>;
}
