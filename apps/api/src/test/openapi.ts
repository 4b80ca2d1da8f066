import type { FastifyInstance } from 'fastify';

/** The parts of an OpenAPI 3.0 schema object the docs and fuzz tests read. */
export interface SchemaObject {
  $ref?: string;
  type?: string;
  format?: string;
  description?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  not?: SchemaObject;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

export interface MediaObject {
  schema?: SchemaObject;
}

export interface OperationObject {
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, MediaObject> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaObject> }>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

export const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface Operation {
  method: HttpMethod;
  path: string;
  op: OperationObject;
}

/** The document the app serves at /api/docs/json: what a client generator would read. */
export async function fetchOpenApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  return res.json<OpenApiDocument>();
}

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path, op: item[method] as OperationObject })),
  );
}

const COMPONENT_PREFIX = '#/components/schemas/';

/** The schema a `$ref` points to (followed until it is no reference), or the schema itself. */
export function resolveSchema(doc: OpenApiDocument, schema: SchemaObject): SchemaObject {
  let current = schema;
  for (let hops = 0; current.$ref; hops += 1) {
    const name = current.$ref.startsWith(COMPONENT_PREFIX) ? current.$ref.slice(COMPONENT_PREFIX.length) : undefined;
    const target = name ? doc.components?.schemas?.[name] : undefined;
    if (!target || hops > 20) throw new Error(`Unresolvable $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/**
 * One schema with its `allOf` parts merged in (zod writes a described reference as `{ description, allOf: [$ref] }`)
 * and references resolved: what a value of it must look like.
 */
export function flattenSchema(doc: OpenApiDocument, schema: SchemaObject): SchemaObject {
  const resolved = resolveSchema(doc, schema);
  if (!resolved.allOf) return resolved;
  const { allOf, ...own } = resolved;
  const parts = allOf.map((part) => flattenSchema(doc, part));
  const properties: Record<string, SchemaObject> = {};
  for (const part of [...parts, own]) Object.assign(properties, part.properties);
  const merged: SchemaObject = {};
  for (const part of [...parts, own]) Object.assign(merged, part);
  return { ...merged, properties, required: [...parts.flatMap((p) => p.required ?? []), ...(own.required ?? [])] };
}
