/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' in mock mode: the MSW worker answers the API in the browser. */
  readonly VITE_MOCK_API?: string;
  /** The API's base address; the page's own origin when unset. */
  readonly VITE_API_BASE_URL?: string;
}
