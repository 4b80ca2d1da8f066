import { vi } from 'vitest';

/** One request as the app sent it: method, address, JSON body (parsed) or multipart form, and headers. */
export type StubbedRequest = { url: URL; method: string; body: unknown; formData?: FormData; headers: Record<string, string> };

/**
 * Replaces global fetch; every request's URL is recorded so tests can count what the app asked for, and
 * `requests` keeps method, body and headers for tests that check what was sent.
 */
export function stubFetch(handler: (url: URL, request: StubbedRequest) => Response | Promise<Response>) {
  const calls: URL[] = [];
  const requests: StubbedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const request: StubbedRequest = { url, method: init?.method ?? 'GET', body, headers: { ...(init?.headers as Record<string, string> | undefined) } };
      if (init?.body instanceof FormData) request.formData = init.body;
      calls.push(url);
      requests.push(request);
      return handler(url, request);
    }),
  );
  return { calls, requests };
}

/** Lets pending promises and timers settle, so a test can check that nothing more was requested. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
