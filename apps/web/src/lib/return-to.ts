import { useLocation, useSearchParams } from 'react-router';

/** Screens a customer is never sent back to after signing in: they would only show the sign-in again. */
const NOT_A_DESTINATION = /^\/(login|register|forgot-password|reset-password)(\/|$|\?)/;

/**
 * A place inside this site to go back to after signing in, or null. Only a path of this origin: `//evil.example`,
 * `/\evil.example`, `https://...` and `javascript:` are refused, so a link that carries `?returnTo=` cannot send a
 * customer elsewhere with their fresh session.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Control characters (a tab or newline inside "//") would be dropped by the URL parser and turn the path into a host.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const base = 'https://shop.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return NOT_A_DESTINATION.test(path) ? null : path;
}

/** Where the customer was: `?returnTo=` first, then the `from` a guard put in the router state. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { from?: unknown } | null)?.from;
  return safeReturnTo(params.get('returnTo')) ?? safeReturnTo(fromState);
}

/** The current page as a returnTo value (path, query and hash). */
export function useCurrentPlace(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}
