import { MOCK_CLIENT_ADDRESS } from './audit';

/**
 * A test-only request header naming the network address a call comes from (the API suite's
 * `from`), so a test can play an attacker at one address and the owner at another, as
 * `app.inject()`'s `remoteAddress` does on the server. The SPA never sends it.
 */
export const MOCK_CLIENT_ADDRESS_HEADER = 'x-mock-client-address';

/** The address the mocks take a call to come from: the header's, else the one address they know. */
export const clientAddressOf = (request: Request | undefined) => request?.headers.get(MOCK_CLIENT_ADDRESS_HEADER) || MOCK_CLIENT_ADDRESS;
