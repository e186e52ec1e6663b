import { createContext, useContext, useEffect, useId, useState } from 'react';

// Apart from the guards (unsaved.tsx, guarded-modal.tsx): the forms of the public pages report
// too, and should not fetch the signed-in screens' code for it.

/** Which forms below hold changes not yet saved, each by its own id; a scope tells its parent too. */
interface UnsavedScope {
  set(id: string, unsaved: boolean): void;
  any(): boolean;
}

const UnsavedContext = createContext<UnsavedScope | null>(null);

/**
 * A scope of its own, passing each report on to the scope it sits in; unless `apart` (fixed when
 * it mounts): a form that keeps its own draft loses nothing when the page goes, so the page need not ask.
 */
export function useUnsavedScope({ apart = false }: { apart?: boolean } = {}): UnsavedScope {
  const around = useContext(UnsavedContext);
  const [scope] = useState(() => {
    const parent = apart ? null : around;
    const ids = new Set<string>();
    return {
      set(id: string, unsaved: boolean) {
        if (unsaved) ids.add(id);
        else ids.delete(id);
        parent?.set(id, unsaved);
      },
      any: () => ids.size > 0,
    };
  });
  return scope;
}

export const UnsavedProvider = UnsavedContext.Provider;

/** Tells the scope around whether this form holds unsaved changes; nothing once it is gone. */
export function useReportUnsaved(unsaved: boolean) {
  const scope = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    scope?.set(id, unsaved);
  }, [scope, id, unsaved]);
  useEffect(() => () => scope?.set(id, false), [scope, id]);
}
