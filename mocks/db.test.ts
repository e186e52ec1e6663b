import { notifications } from '@fixtures';
import { mockDb, resetMockDb, setMockDbStorage, updateMockDb } from './db';

const KEY = 'complaint-desk-mock-db';

afterEach(() => {
  setMockDbStorage(null);
  sessionStorage.clear();
});

describe('mock db in the browser', () => {
  it('keeps changes across a reload of the same tab, until reset', () => {
    const target = notifications.find((n) => !n.isRead)!;
    setMockDbStorage(sessionStorage, KEY);
    updateMockDb((db) => {
      db.notifications.find((n) => n.id === target.id)!.isRead = true;
    });

    // A reload starts the module afresh; re-choosing the persistence re-reads the tab's copy.
    setMockDbStorage(sessionStorage, KEY);
    expect(mockDb().notifications.find((n) => n.id === target.id)?.isRead).toBe(true);

    resetMockDb();
    setMockDbStorage(sessionStorage, KEY);
    expect(mockDb().notifications.find((n) => n.id === target.id)?.isRead).toBe(false);
  });

  it('starts from the fixtures when the stored copy is damaged', () => {
    sessionStorage.setItem(KEY, '{not json');
    setMockDbStorage(sessionStorage, KEY);
    expect(mockDb().notifications).toHaveLength(notifications.length);
  });

  it('never changes the fixture records themselves', () => {
    const target = notifications.find((n) => !n.isRead)!;
    updateMockDb((db) => {
      db.notifications.find((n) => n.id === target.id)!.isRead = true;
    });
    expect(target.isRead).toBe(false);
  });
});

describe('mock db over its storage quota', () => {
  it('carries on from memory when the tab cannot hold the snapshot', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setMockDbStorage(full, KEY);
    const target = notifications.find((n) => !n.isRead)!;
    updateMockDb((db) => {
      db.notifications.find((n) => n.id === target.id)!.isRead = true;
    });
    expect(mockDb().notifications.find((n) => n.id === target.id)?.isRead).toBe(true);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('mock db changes that end in a refusal', () => {
  it('keeps what the change did before it threw, across a reload, as memory does', () => {
    setMockDbStorage(sessionStorage, KEY);
    const target = notifications.find((n) => !n.isRead)!;
    expect(() =>
      updateMockDb((db) => {
        db.notifications.find((n) => n.id === target.id)!.isRead = true;
        throw new Error('refused after counting');
      }),
    ).toThrow('refused after counting');
    setMockDbStorage(sessionStorage, KEY);
    expect(mockDb().notifications.find((n) => n.id === target.id)?.isRead).toBe(true);
  });
});
