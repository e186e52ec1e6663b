/** Where the mock database keeps its snapshot between page loads. */
export interface MockDbPersistence {
  load(): string | null;
  save(snapshot: string): void;
  clear(): void;
}

/** Node and tests: the state lives only as long as the module does. */
export function memoryPersistence(): MockDbPersistence {
  return { load: () => null, save: () => {}, clear: () => {} };
}

/** The browser: sessionStorage keeps state across reloads within one tab only. */
export function webStoragePersistence(storage: Storage, key: string): MockDbPersistence {
  let warned = false;
  return {
    load: () => storage.getItem(key),
    save: (snapshot) => {
      try {
        storage.setItem(key, snapshot);
      } catch (error) {
        // Uploaded images (data: URLs) can outgrow the tab's few megabytes; the mocks carry
        // on from memory rather than failing every call, and a reload finds the last copy.
        if (!warned) {
          console.warn(
            'Mock db too large for sessionStorage; changes will not survive a reload.',
            error,
          );
        }
        warned = true;
      }
    },
    clear: () => storage.removeItem(key),
  };
}
