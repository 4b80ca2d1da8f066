import { randomUUID } from 'node:crypto';
import { multipartBody } from './images.js';
import { flattenSchema, type OpenApiDocument, type Operation, type ParameterObject, type SchemaObject } from './openapi.js';

/**
 * Requests built from the served OpenAPI document alone: for every operation a valid one, then boundary and
 * malformed variants of each path parameter, query parameter, header and body field, and of the body as a
 * whole. A client that reads the same document can send any of them; none may crash the API.
 */
export interface FuzzRequest {
  /** What the request tries, for the failure report. */
  name: string;
  method: string;
  /** The path template, e.g. /api/v1/products/{id}. */
  path: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent by every role, not only the one the sampler picks. */
  everyRole: boolean;
}

/** Values the document cannot know: ids of rows that exist, and a picture file for multipart forms. */
export interface FuzzFixtures {
  /** Existing ids by path-parameter name and path prefix, e.g. { id: { '/api/v1/products': '3' } }. */
  pathIds: Record<string, Record<string, string>>;
  /**
   * Valid values of body fields the schema cannot invent (a product that exists, a time the shop is open);
   * `undefined` leaves the field out of the valid body.
   */
  fieldValues: Record<string, unknown>;
  picture: Buffer;
}

// Text no schema should choke on: control characters, NUL, right-to-left override, emoji, a lone surrogate.
const NASTY_STRINGS = [
  'a\u0000b',
  '\u0007\u0008\u001b[31m\r\n\t',
  'Kopi susu \u2615 \u00e9\u00e8 \u4e2d\u6587 \u202eevil',
  '\ud83d',
  ' ',
  '',
];
const HUGE_TEXT = 'x'.repeat(100_000);
const BAD_IDS = ['0', '-1', '1.5', '99999999999999999999', '2147483648', '9007199254740993', 'abc', '%00', '%E2%98%95'];

// Examples for string patterns; the first one that fits a field's pattern and length is used.
const STRING_EXAMPLES = [
  '2030-01-07T10:00',
  '+62 812 3456 7890',
  '1990-05-17',
  '05-17',
  '10:00',
  'picture.png',
  'fuzz text',
  'Fuzz-Password-42!',
];

/** A valid value of a schema, or undefined when no value can be valid (z.never). */
export function validValue(doc: OpenApiDocument, raw: SchemaObject, fieldValues: Record<string, unknown>, name = ''): unknown {
  const schema = flattenSchema(doc, raw);
  if (name in fieldValues) return fieldValues[name];
  if (schema.not) return undefined;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf?.[0] ?? schema.oneOf?.[0]) return validValue(doc, (schema.anyOf ?? schema.oneOf)?.[0] ?? {}, fieldValues, name);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const value = validValue(doc, property, fieldValues, key);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, Math.min(1, schema.maxItems ?? 1));
      return Array.from({ length: count }, () => validValue(doc, schema.items ?? {}, fieldValues, name));
    }
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'string':
      return validString(schema, name);
    default:
      return 'fuzz';
  }
}

function validString(schema: SchemaObject, name: string): string {
  if (schema.format === 'email' || /email/i.test(name)) return `fuzz-${randomUUID().slice(0, 8)}@example.test`;
  if (schema.format === 'uuid') return randomUUID();
  const fits = (v: string) =>
    v.length >= (schema.minLength ?? 0) &&
    v.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(v));
  const found = STRING_EXAMPLES.find(fits);
  // A new pattern in the contract needs an example here, or the "valid" requests would not be valid.
  if (found === undefined) throw new Error(`No example string fits ${name}: ${JSON.stringify(schema)}`);
  return found;
}

/** Wrong, boundary and hostile values for one field. */
function badValues(doc: OpenApiDocument, raw: SchemaObject): { label: string; value: unknown }[] {
  const schema = flattenSchema(doc, raw);
  const out: { label: string; value: unknown }[] = [];
  if (!schema.nullable) out.push({ label: 'null', value: null });
  switch (schema.type) {
    case 'string':
      out.push({ label: 'a number', value: 12345 }, { label: 'an object', value: { a: 1 } });
      out.push({ label: 'too long', value: 'x'.repeat((schema.maxLength ?? 10_000) + 1) });
      for (const text of NASTY_STRINGS) out.push({ label: `text ${JSON.stringify(text)}`, value: text });
      if (schema.enum) out.push({ label: 'not in the enum', value: 'not-a-choice' });
      break;
    case 'integer':
    case 'number':
      out.push({ label: 'a numeric string', value: '12' }, { label: 'a boolean', value: true });
      out.push({ label: 'a fraction', value: 1.5 }, { label: 'huge', value: 1e308 }, { label: 'past 2^53', value: 2 ** 53 + 2 });
      out.push({ label: 'negative', value: -1 }, { label: 'zero', value: 0 });
      if (schema.minimum !== undefined) out.push({ label: 'below the minimum', value: schema.minimum - 1 });
      if (schema.maximum !== undefined) out.push({ label: 'above the maximum', value: schema.maximum + 1 });
      break;
    case 'boolean':
      out.push({ label: 'a string', value: 'true' }, { label: 'a number', value: 1 });
      break;
    case 'array':
      out.push({ label: 'an object', value: { 0: 1 } }, { label: 'a string', value: 'x' });
      out.push({ label: 'items of the wrong type', value: [null, 1, 'x', {}] });
      out.push({ label: 'too many items', value: Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => ({})) });
      break;
    case 'object':
      out.push({ label: 'an array', value: [] }, { label: 'a string', value: 'x' });
      break;
    default:
      out.push({ label: 'a string', value: 'x' }, { label: 'a number', value: 1 });
  }
  return out;
}

const QUERY_EXTRAS = ['', 'a\u0000b', '\u2615', '-1', '1.5', '1e9', 'x'.repeat(5000)];

function queryBadValues(doc: OpenApiDocument, raw: SchemaObject): string[] {
  const schema = flattenSchema(doc, raw);
  const out = [...QUERY_EXTRAS];
  if (schema.minimum !== undefined) out.push(String(schema.minimum), String(schema.minimum - 1));
  if (schema.maximum !== undefined) out.push(String(schema.maximum), String(schema.maximum + 1), '99999999999999999999');
  if (schema.type === 'integer' || schema.type === 'number') out.push('abc', 'NaN', 'Infinity');
  if (schema.maxLength !== undefined) out.push('y'.repeat(schema.maxLength + 1));
  if (schema.enum) out.push('not-a-choice', String(schema.enum[0]).toUpperCase());
  return out;
}

const pathWith = (path: string, values: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');

const queryString = (query: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** A value as a query string or form field carries it: text as is, anything else as JSON. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Every request to try on one operation. */
export function requestsFor(doc: OpenApiDocument, { method, path, op }: Operation, fixtures: FuzzFixtures): FuzzRequest[] {
  const params = op.parameters ?? [];
  const ofKind = (kind: ParameterObject['in']) => params.filter((p) => p.in === kind);

  const validPath: Record<string, string> = {};
  for (const p of ofKind('path')) {
    const byPrefix = fixtures.pathIds[p.name] ?? {};
    const prefix = Object.keys(byPrefix).find((pre) => path.startsWith(pre));
    validPath[p.name] = prefix ? (byPrefix[prefix] ?? '1') : '1';
  }
  const validQuery: Record<string, string> = {};
  for (const p of ofKind('query')) {
    const value = validValue(doc, p.schema ?? {}, {}, p.name);
    if (value !== undefined) validQuery[p.name] = asText(value);
  }
  // Made afresh for each request: an idempotency key must differ from one order to the next.
  const validHeaders = (): Record<string, string> =>
    Object.fromEntries(ofKind('header').map((p) => [p.name, String(validValue(doc, p.schema ?? {}, {}, p.name))]));

  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const isMultipart = 'multipart/form-data' in content;
  const validBody = jsonSchema ? (validValue(doc, jsonSchema, fixtures.fieldValues) as Record<string, unknown>) : undefined;
  // The required fields only: the base of each field's variants, so that an optional field the fixtures cannot
  // make valid (a picture's file name) does not stop every variant before it reaches the database.
  const required = new Set(jsonSchema ? (flattenSchema(doc, jsonSchema).required ?? []) : []);
  const baseBody = validBody && Object.fromEntries(Object.entries(validBody).filter(([key]) => required.has(key)));
  const hasBody = method !== 'get';

  const out: FuzzRequest[] = [];
  const add = (
    name: string,
    parts: {
      path?: Record<string, string>;
      query?: Record<string, string | string[]>;
      /** Send `query` alone, without the valid query parameters. */
      queryOnly?: boolean;
      headers?: Record<string, string | undefined>;
      body?: unknown;
      raw?: { payload: string | Buffer; contentType?: string };
      everyRole?: boolean;
    } = {},
  ) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...validHeaders(), ...parts.headers })) {
      if (value !== undefined) headers[key] = value;
    }
    let payload: string | Buffer | undefined;
    if (parts.raw) {
      payload = parts.raw.payload;
      if (parts.raw.contentType !== undefined) headers['content-type'] = parts.raw.contentType;
    } else if (parts.body !== undefined) {
      payload = JSON.stringify(parts.body);
      headers['content-type'] = 'application/json';
    }
    out.push({
      name: `${method.toUpperCase()} ${path}: ${name}`,
      method: method.toUpperCase(),
      path,
      url: pathWith(path, { ...validPath, ...parts.path }) + queryString(parts.queryOnly ? (parts.query ?? {}) : { ...validQuery, ...parts.query }),
      headers,
      payload,
      everyRole: parts.everyRole ?? false,
    });
  };

  add('valid', { body: validBody, everyRole: true });
  if (baseBody && Object.keys(baseBody).length < Object.keys(validBody ?? {}).length) add('valid, required fields only', { body: baseBody });
  if (Object.keys(validQuery).length > 0) add('no query parameters', { query: {}, queryOnly: true });

  add('a forged session cookie', { body: validBody, headers: { cookie: 'coffee_session=%ZZ%00forged; other=1' } });
  add('a forged bearer token', { body: validBody, headers: { authorization: `Bearer ${'x'.repeat(300)}` } });

  for (const p of ofKind('path')) {
    for (const bad of BAD_IDS) add(`path ${p.name}=${bad}`, { path: { [p.name]: bad }, body: validBody });
  }

  for (const p of ofKind('query')) {
    for (const bad of queryBadValues(doc, p.schema ?? {})) {
      add(`query ${p.name}=${JSON.stringify(bad.slice(0, 40))}`, { query: { [p.name]: bad } });
    }
    add(`query ${p.name} twice`, { query: { [p.name]: [validQuery[p.name] ?? '1', validQuery[p.name] ?? '1'] } });
  }
  if (ofKind('query').length > 0) add('an unknown query parameter', { query: { unknown: 'x', __proto__x: '1' } });

  for (const p of ofKind('header')) {
    add(`header ${p.name} missing`, { headers: { [p.name]: undefined }, body: validBody });
    for (const bad of ['not-a-uuid', '', 'x'.repeat(5000), '00000000-0000-0000-0000-000000000000']) {
      add(`header ${p.name}=${JSON.stringify(bad.slice(0, 40))}`, { headers: { [p.name]: bad }, body: validBody });
    }
  }

  if (jsonSchema && validBody && typeof validBody === 'object') {
    const schema = flattenSchema(doc, jsonSchema);
    for (const field of schema.required ?? []) {
      const { [field]: _left, ...rest } = baseBody ?? {};
      add(`body without ${field}`, { body: rest });
    }
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      for (const { label, value } of badValues(doc, property)) add(`body ${field} ${label}`, { body: { ...baseBody, [field]: value } });
      // One level down: the fields of a list's items (cart merge lines, product sizes).
      const flat = flattenSchema(doc, property);
      const items = flat.items ? flattenSchema(doc, flat.items) : undefined;
      if (items?.properties) {
        const validItem = validValue(doc, items, fixtures.fieldValues) as Record<string, unknown>;
        for (const [inner, innerSchema] of Object.entries(items.properties)) {
          for (const { label, value } of badValues(doc, innerSchema).slice(0, 4)) {
            add(`body ${field}[0].${inner} ${label}`, { body: { ...baseBody, [field]: [{ ...validItem, [inner]: value }] } });
          }
        }
      }
    }
    // Valid-shaped bodies that take other paths: each choice of each enum field, on the full body, once with
    // plain text and once with hostile text in every free-text field (which only some choices store).
    const freeText = Object.entries(schema.properties ?? {})
      .filter(([, property]) => {
        const flat = flattenSchema(doc, property);
        return flat.type === 'string' && !flat.enum && !flat.pattern && !flat.format;
      })
      .map(([field]) => field);
    const withText = (body: Record<string, unknown>, text: string) =>
      Object.fromEntries(Object.entries(body).map(([key, value]) => [key, freeText.includes(key) ? text : value]));
    const choices: [string, Record<string, unknown>][] = [['', validBody]];
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      const values = flattenSchema(doc, property).enum?.filter((v) => v !== null) ?? [];
      for (const value of values.slice(1)) choices.push([` ${field}=${asText(value)}`, { ...validBody, [field]: value }]);
    }
    for (const [label, body] of choices) {
      if (label) add(`valid with${label}`, { body });
      if (freeText.length > 0) {
        for (const text of ['a\u0000b', '\u0007\u001b[31m\r\n', 'Kopi \u2615 \u202eevil']) {
          add(`valid${label ? ` with${label}` : ''}, free text ${JSON.stringify(text)}`, { body: withText(body, text) });
        }
      }
    }
    add('body with only unknown fields', { body: { unknown: 1, price: -1, role: 'staff', id: 1 } });
    add('body with __proto__', { raw: { payload: '{"__proto__":{"isStaff":true},"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' } });
  }

  if (hasBody) {
    const json = 'application/json';
    const validText = JSON.stringify(validBody ?? {});
    add('empty JSON body', { raw: { payload: '', contentType: json } });
    add('JSON null', { raw: { payload: 'null', contentType: json } });
    add('JSON array', { raw: { payload: '[1,2,3]', contentType: json } });
    add('JSON string', { raw: { payload: '"text"', contentType: json } });
    add('malformed JSON', { raw: { payload: '{"a":', contentType: json } });
    add('JSON with a trailing comma', { raw: { payload: '{"a":1,}', contentType: json } });
    add('deeply nested JSON', { raw: { payload: '['.repeat(5000) + ']'.repeat(5000), contentType: json } });
    add('huge JSON text field', { raw: { payload: JSON.stringify({ ...baseBody, name: HUGE_TEXT }), contentType: json } });
    // An escaped NUL is valid JSON and reaches the handlers; a raw one is malformed JSON.
    add('JSON with charset and an escaped NUL', {
      raw: { payload: validText.replace(/"([^"]*)"\s*(,|\})/, '"$1\\u0000"$2'), contentType: 'application/json; charset=utf-8' },
    });
    add('JSON with a raw NUL byte', { raw: { payload: '{"a":"\u0000"}', contentType: json } });
    add('text/plain body', { raw: { payload: validText, contentType: 'text/plain' } });
    add('XML body', { raw: { payload: '<a>1</a>', contentType: 'application/xml' } });
    add('form-urlencoded body', { raw: { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' } });
    add('no content type', { raw: { payload: validText } });
    add('multipart without boundary', { raw: { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', contentType: 'multipart/form-data' } });
    add('multipart with a boundary but no parts', { raw: { payload: 'garbage', contentType: 'multipart/form-data; boundary=zzz' } });
    add('truncated multipart', { raw: { payload: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', contentType: 'multipart/form-data; boundary=zzz' } });
  }

  if (isMultipart && validBody) {
    const asFields = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body)
          .filter(([key]) => key !== 'image')
          .map(([key, value]) => [key, asText(value)]),
      );
    const multipart = (name: string, fields: Record<string, string>, withFile = true) => {
      const { payload, headers } = multipartBody(
        fields,
        withFile ? { field: 'image', filename: 'p.png', contentType: 'image/png', content: fixtures.picture } : undefined,
      );
      add(name, { raw: { payload, contentType: headers['content-type'] } });
    };
    multipart('valid multipart form', asFields(validBody));
    multipart('multipart form without a file', asFields(validBody), false);
    for (const [field, value] of Object.entries(asFields(validBody))) {
      multipart(`multipart ${field} as words`, { ...asFields(validBody), [field]: value === 'true' ? 'maybe' : 'not a number' });
      multipart(`multipart ${field} with NUL`, { ...asFields(validBody), [field]: `${value}\u0000` });
    }
    multipart('multipart sizes as broken JSON', { ...asFields(validBody), sizes: '[{"code":' });
  }
  return out;
}
