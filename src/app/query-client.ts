import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from '@/lib/api-error';

/** Client errors will not change on a second try; server and network failures might. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== null && status < 500) return false;
  return failureCount < 2;
}

/** SPEC §8: failures are logged; screens show their own non-blocking error states. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Query ${JSON.stringify(query.queryKey)} failed`, error),
    }),
    mutationCache: new MutationCache({
      onError: (error) => console.error('Mutation failed', error),
    }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
