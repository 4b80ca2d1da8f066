import type { PageMeta } from '@coffee/contract';

/** `getNextPageParam` for the API's `{ data, meta }` pages: the next page number, or undefined after the last. */
export const nextPageParam = ({ meta }: { meta: PageMeta }): number | undefined =>
  meta.page * meta.limit < meta.total ? meta.page + 1 : undefined;
