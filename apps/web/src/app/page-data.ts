import type { QuerySeed } from './providers';

/** Set on <html> once the app has started on the page (main.tsx); the browser stories wait for it. */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';

/** The id of the JSON block a server-rendered page carries its data in (entry-server.tsx writes it). */
export const PAGE_DATA_ID = 'page-data';

/** The answers a server-rendered page arrived with; none on any other page, or if the block is unreadable. */
export function readPageData(doc: Document = document): QuerySeed[] {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const seeds: unknown = JSON.parse(text);
    return Array.isArray(seeds) ? seeds.filter(isSeed) : [];
  } catch {
    // A broken block costs only the head start: the page asks the API as it would without it.
    return [];
  }
}

function isSeed(value: unknown): value is QuerySeed {
  return typeof value === 'object' && value !== null && Array.isArray((value as QuerySeed).queryKey) && 'data' in value;
}
