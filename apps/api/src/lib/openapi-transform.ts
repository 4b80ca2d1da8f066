import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The routes' zod schemas as OpenAPI, with each answer named after its contract schema. @fastify/swagger
 * reads a response's description from the schema itself, which a shared component (`$ref`) does not carry,
 * so every error answer would read "Default Response" instead of the contract's words.
 */
export const documentTransform: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document);
  const given: unknown = document.schema?.response;
  const made: unknown = (result.schema as { response?: unknown } | undefined)?.response;
  if (!isRecord(given) || !isRecord(made)) return result;
  for (const [status, schema] of Object.entries(given)) {
    const json = made[status];
    if (!(schema instanceof z.ZodType) || !isRecord(json) || typeof json.description === 'string') continue;
    const description = z.globalRegistry.get(schema)?.description ?? (schema instanceof z.ZodNull ? 'No body' : undefined);
    if (description) made[status] = { ...json, description };
  }
  return result;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
