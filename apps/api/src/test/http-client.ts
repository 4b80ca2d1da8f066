import http from 'node:http';

/** A plain HTTP answer, read whole. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request to a real server (another process); `agent` false opens a connection of its own. */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent | false } = {},
): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms: performance.now() - started }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Signs in over HTTP and returns the session cookie (`coffee_session=...`). */
export async function signInOverHttp(base: string, email: string, password: string): Promise<string> {
  const answer = await httpRequest(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => /^(?:__Host-)?coffee_session=/.test(c));
  if (answer.status !== 200 || !cookie) throw new Error(`sign-in answered ${answer.status} ${answer.body}`);
  return cookie.split(';')[0]!;
}

/** The p-th percentile (0..100) of some durations. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** The resident memory of a process, in MB (Linux). */
export async function residentMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
