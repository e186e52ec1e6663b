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
  return {
    load: () => storage.getItem(key),
    save: (snapshot) => storage.setItem(key, snapshot),
    clear: () => storage.removeItem(key),
  };
}
