import { setupServer } from 'msw/node';
import { ageAccountCodes } from './account-codes';
import { resetMockDb } from './db';
import { handlers } from './handlers';
import { outbox } from './mail';

/** For Vitest: state in memory, no latency (both are the defaults). */
export const server = setupServer(...handlers);

export { resetMockDb };

/** What the API suite reads "the mail" and ages codes with, as the server's `/api/test/*` hooks. */
export const mockTestHooks = { reset: resetMockDb, outbox, ageAccountCodes };
