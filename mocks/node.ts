import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** For Vitest: state in memory, no latency (both are the defaults). */
export const server = setupServer(...handlers);

export { resetMockDb } from './db';
