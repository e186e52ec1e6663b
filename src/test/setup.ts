import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetMockDb, server } from '@mocks/node';
import { initialDashboard, useRootStore } from '@/stores/root-store';
import { useComplaintDrafts } from '@/features/complaints/complaint-draft';

// mantine-datatable shows a column only when matchMedia('') matches; Mantine needs the API too.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: query === '',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.HTMLElement.prototype.scrollIntoView = () => {};
// jsdom has no FontFaceSet, and Mantine's autosize Textarea listens on document.fonts.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

// jsdom has no object URLs; image previews only need a distinct address per file.
let objectUrls = 0;
URL.createObjectURL ??= () => `blob:test/${++objectUrls}`;
URL.revokeObjectURL ??= () => {};
// mantine-datatable scrolls its own body back to the top on a new page or order.
Element.prototype.scrollTo ??= () => {};

// Other work may share the machine: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Every test starts signed out with the default client state; jsdom cannot scroll.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  useRootStore.setState({ dashboard: initialDashboard, auth: { token: null, user: null }, remember: { value: '' } });
  useComplaintDrafts.setState({ drafts: {} });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockDb();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());
