import { vi } from 'vitest';

/** Replaces global fetch; every request's URL is recorded so tests can count what the app asked for. */
export function stubFetch(handler: (url: URL) => Response | Promise<Response>) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      calls.push(url);
      return handler(url);
    }),
  );
  return { calls };
}

/** Lets pending promises and timers settle, so a test can check that nothing more was requested. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
