import { lazy } from 'react';

/** A record's history, its code fetched with the first one looked at (FormModal waits for it). */
export const RecordHistory = lazy(() => import('./record-history').then((m) => ({ default: m.RecordHistory })));
