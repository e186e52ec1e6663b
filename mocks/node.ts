import { setupServer } from 'msw/node';
import { ageAccountCodes } from './account-codes';
import { presentComplaint, requireComplaint } from './complaint-store';
import { addArchiveComplaints, mockDb, resetMockDb } from './db';
import { handlers } from './handlers';
import { outbox } from './mail';

/** For Vitest: state in memory, no latency (both are the defaults). */
export const server = setupServer(...handlers);

export { resetMockDb };

/** What the API suite reads "the mail" and ages codes with, as the server's `/api/test/*` hooks. */
export const mockTestHooks = { reset: resetMockDb, outbox, ageAccountCodes, addArchiveComplaints };

/** A stored complaint as the API shows it, for tests that look at what a screen saved. */
export const complaintAsShown = (id: number) => presentComplaint(mockDb(), requireComplaint(mockDb(), id));
