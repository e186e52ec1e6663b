import { lazy } from 'react';

/** A complaint's detail (its modal, fields and history), its code fetched with the first one opened. */
export const ComplaintDetail = lazy(() => import('./complaint-detail').then((m) => ({ default: m.ComplaintDetail })));
