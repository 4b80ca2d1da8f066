import type { FastifyInstance } from 'fastify';
import { badRequest, type AppError } from '../lib/errors.js';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DEL = 0x7f;

/**
 * C0 control characters except tab, line feed and carriage return, plus DEL. No one types them, and a NUL
 * cannot be stored at all on PostgreSQL (it answered 500) while SQLite kept it: refusing them up front makes
 * both databases behave alike and keeps invisible characters out of names, addresses and emails.
 */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === DEL || (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN)) return true;
  }
  return false;
}

/**
 * Where the first string holding a control character sits in a parsed body, query or form: its path joined
 * with dots as validation errors name fields ('name', 'sizes.0.label'), `root` for a bare string; undefined
 * when every string is clean. Walks with its own stack: a deeply nested JSON body must not overflow the call stack.
 */
export function findControlCharacter(value: unknown, root = 'body'): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (hasControlCharacter(item)) return path || root;
    } else if (typeof item === 'object' && item !== null) {
      const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
      // Pushed last to first, so the first field in the body is reported first.
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as readonly [string, unknown];
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}

/** 'sizes.0.deliveryAddress' -> 'delivery address': the words a person knows the field by. */
function labelOf(field: string): string {
  const name = field.split('.').findLast((part) => !/^\d+$/.test(part)) ?? field;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
}

export function controlCharacterError(field: string): AppError {
  return badRequest(
    /*i18n*/ {
      id: 'The {label} contains an invisible control character (such as a NUL byte) that cannot be saved: remove it and try again',
      values: { label: labelOf(field) },
    },
    field,
  );
}

/**
 * Refuses control characters in the query, the path parameters and the parsed body of every request, before
 * any route validates or stores anything. It runs on the root instance ahead of every route's own hooks, so no
 * route can forget it. Multipart forms are parsed later, by the upload routes: readMultipartForm applies the same
 * check to their text fields.
 */
export function registerTextSafety(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      findControlCharacter(request.query, 'query') ??
      findControlCharacter(request.params, 'params') ??
      findControlCharacter(request.body);
    done(field === undefined ? undefined : controlCharacterError(field));
  });
}
