import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test/test-app.js';
import { fetchOpenApi, operationsOf, type OpenApiDocument, type SchemaObject } from './test/openapi.js';

/**
 * Every field a client developer finds in the API docs at /api/docs must say what it is. The words come from
 * the contract's `.describe()`/`.meta({ description })`; TypeScript doc comments never reach the document.
 */
function undescribedFields(schema: SchemaObject, at: string, out: string[], seen = new Set<SchemaObject>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!property.description?.trim()) out.push(`${at}.${name}`);
    undescribedFields(property, `${at}.${name}`, out, seen);
  }
  if (schema.items) undescribedFields(schema.items, `${at}[]`, out, seen);
  if (typeof schema.additionalProperties === 'object') undescribedFields(schema.additionalProperties, `${at}{}`, out, seen);
  for (const [keyword, parts] of [
    ['allOf', schema.allOf],
    ['anyOf', schema.anyOf],
    ['oneOf', schema.oneOf],
  ] as const) {
    parts?.forEach((part, i) => undescribedFields(part, `${at}.${keyword}[${i}]`, out, seen));
  }
  return out;
}

describe('the OpenAPI document at /api/docs/json', () => {
  const ctx = useTestApp();
  let doc: OpenApiDocument;
  beforeAll(async () => {
    doc = await fetchOpenApi(ctx.app);
  });

  it('gives every operation a summary', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations.filter(({ op }) => !op.summary?.trim()).map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('says what each answer of each operation is', () => {
    const missing = operationsOf(doc).flatMap(({ method, path, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([, response]) => !response.description?.trim() || response.description === 'Default Response')
        .map(([status]) => `${method} ${path} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('describes every path, query and header parameter', () => {
    const missing = operationsOf(doc).flatMap(({ method, path, op }) =>
      (op.parameters ?? []).filter((p) => !p.description?.trim()).map((p) => `${method} ${path} ${p.in} ${p.name}`),
    );
    expect(missing).toEqual([]);
  });

  it('describes every field of every request body and response, nested ones included', () => {
    const missing: string[] = [];
    let fields = 0;
    const count = (schema: SchemaObject, seen = new Set<SchemaObject>()): void => {
      if (seen.has(schema)) return;
      seen.add(schema);
      for (const property of Object.values(schema.properties ?? {})) {
        fields += 1;
        count(property, seen);
      }
      for (const child of [schema.items, ...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
        if (child) count(child, seen);
      }
    };
    for (const { method, path, op } of operationsOf(doc)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (media.schema) {
          undescribedFields(media.schema, `${method} ${path} body(${type})`, missing);
          count(media.schema);
        }
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.schema) {
            undescribedFields(media.schema, `${method} ${path} ${status}`, missing);
            count(media.schema);
          }
        }
      }
    }
    // Shared shapes (Product, Order, ErrorResponse...) are referenced from the operations above as components.
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      undescribedFields(schema, `#/components/schemas/${name}`, missing);
      count(schema);
    }
    expect(fields).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });
});
