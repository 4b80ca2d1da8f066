// Plain values, no schema: the web app's first screen imports them, and a module that also declared zod schemas would
// bring zod and those schemas into that screen's JavaScript with them.
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 24;
export const MAX_SEARCH_LENGTH = 100;
/** The page the API sends the browser to after a successful provider sign-in (with `?returnTo=`). */
export const OIDC_COMPLETE_PATH = '/login/complete';
