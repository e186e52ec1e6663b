import { create } from 'zustand';

/**
 * When each copy the screens now show was fetched (ISO), by name; absent while answers are live
 * (issue 47, lib/offline-copies.ts). Apart from the copies' code, which comes only when a query
 * keeps one.
 */
export const useCopyAges = create<Record<string, string>>()(() => ({}));
