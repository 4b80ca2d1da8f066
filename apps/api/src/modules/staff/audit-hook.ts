import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditKind } from '@coffee/contract';
import type { StaffService } from './staff.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route changes a price, coupon, store, role, refund or stock: each success is written to the audit record. */
    audit?: AuditKind;
  }
}

/**
 * What a change was, in one line: the route's summary, the ids in its address and what was sent (files left out).
 * A body is written only where the route's schema validated it: a route that takes none is sent anything a client
 * likes, and a deeply nested one would overflow JSON.stringify.
 */
export function describeChange(request: FastifyRequest): string {
  const summary = request.routeOptions.schema?.summary?.replace(/\s*\(staff\)$/, '') ?? `${request.method} ${request.routeOptions.url ?? ''}`;
  const ids = Object.entries((request.params ?? {}) as Record<string, unknown>).map(([key, value]) => `${key} ${String(value)}`);
  const validated = request.routeOptions.schema?.body !== undefined;
  const body = validated && request.body && typeof request.body === 'object' ? JSON.stringify(request.body, (_key, value: unknown) => (value instanceof Buffer || (typeof value === 'object' && value !== null && 'file' in value) ? '[file]' : value)) : '';
  return [summary, ids.join(', '), body === '{}' ? '' : body].filter(Boolean).join(' · ').slice(0, 300);
}

/**
 * Writes every successful audited change before its answer leaves (onSend), so whoever reads the record after the
 * answer finds the change there. Registered on the root before the modules whose routes declare `config.audit`.
 */
export function registerAuditHook(app: FastifyInstance, staff: Pick<StaffService, 'record'>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const kind = request.routeOptions.config.audit;
    if (kind && request.method !== 'GET' && request.user && reply.statusCode < 400) await staff.record(request.user, kind, describeChange(request));
    return payload;
  });
}
