import http from 'node:http';

/** One message of a Server-Sent Events stream. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message received so far. */
  messages: SseMessage[];
  /** Comment lines (heartbeats) received so far. */
  comments: string[];
  /** The first message (already received or still to come) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens a real HTTP request to a listening server and parses its event stream as a browser's EventSource would
 * (`app.inject` waits for the whole answer, which a stream never finishes).
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const messages: SseMessage[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { id: undefined, event: 'message', data: '' };
          let isMessage = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            const [, field, value = ''] = /^([a-z]+): ?(.*)$/.exec(line) ?? [];
            if (field === 'id') message.id = value;
            if (field === 'event') message.event = value;
            if (field === 'data') {
              message.data = value;
              isMessage = true;
            }
          }
          if (isMessage) messages.push(message);
        }
        for (const wake of waiters) wake();
      });
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        messages,
        comments,
        ended,
        waitFor(match, timeoutMs = 3_000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = messages.find(match);
              if (!hit) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close() {
          request.destroy();
        },
      });
    });
    request.on('error', reject);
  });
}
