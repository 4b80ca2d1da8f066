import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../lib/images.js';
import { AppError, badRequest } from '../lib/errors.js';
import { controlCharacterError, findControlCharacter } from './text-safety.js';

/**
 * multipart/form-data for picture uploads (product pictures, profile photos). Limits are checked
 * while the body streams in, so an oversized upload is cut off at 5 MB instead of being read whole.
 *
 * Register it inside the plugin that holds the upload routes, never on the root instance: the plugin adds an
 * onRequest hook (a 'close' listener per response) and an onResponse hook (temp file cleanup) to every route of
 * the instance it is registered on: a promise and a listener per catalogue request for nothing.
 * Other routes answer a multipart body with 415, as for any content type they do not take.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 21, headerPairs: 100 },
  });
}

export interface MultipartForm {
  /** Text fields by name (the last one wins when a name repeats). */
  fields: Record<string, string>;
  /** The one file, read into memory (at most 5 MB), or undefined when none was sent. */
  file: Buffer | undefined;
}

const MB = MAX_IMAGE_BYTES / 1024 / 1024;

/** Reads a whole multipart body: its text fields and at most one file, which must be in `fileField`. */
export async function readMultipartForm(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  const fields = new Map<string, string>();
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw badRequest(/*i18n*/ { id: 'Send the picture in the field "{field}", not "{sent}"', values: { field: fileField, sent: part.fieldname } }, fileField);
        }
        const buffer = await part.toBuffer();
        // A file input left empty arrives as a part with no name and no bytes: treat it as no file.
        if (buffer.length > 0 || part.filename) file = buffer;
      } else {
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (err) {
    throw uploadError(err, fileField);
  }
  const text = Object.fromEntries(fields);
  // The root hook that refuses control characters ran before this body was parsed.
  const unsafe = findControlCharacter(text);
  if (unsafe !== undefined) throw controlCharacterError(unsafe);
  return { fields: text, file };
}

/**
 * What went wrong while reading a multipart body, as an answer the sender can act on. Everything the parser
 * throws comes from the bytes the client sent (no boundary, a body cut short, a broken part), so it is a 400,
 * never a 500; only our own 5xx mistakes pass through.
 */
function uploadError(err: unknown, fileField: string): unknown {
  if (err instanceof AppError) return err;
  const { code, statusCode, message } = err as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      413,
      /*i18n*/ { id: 'This picture is too large: a picture may be at most {megabytes} MB. Please choose a smaller one.', values: { megabytes: MB } },
      fileField,
    );
  }
  if (code === 'FST_FILES_LIMIT') return badRequest(/*i18n*/ { id: 'Send one picture only, in the field "{field}"', values: { field: fileField } }, fileField);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(/*i18n*/ 'The form has too many fields');
  if (typeof statusCode === 'number' && statusCode >= 500) return err;
  const text = typeof message === 'string' ? message : '';
  if (/boundary|needle/i.test(text)) {
    return badRequest(
      /*i18n*/ 'The form could not be read: its Content-Type has no valid multipart boundary. Send it as multipart/form-data and let your browser or HTTP library set the boundary',
    );
  }
  if (/unexpected end|terminated early|premature|closed before/i.test(text)) {
    // A boundary the body never uses reads as a form that never ends, so both are named.
    return badRequest(
      /*i18n*/ 'The form ended before it was complete, or its parts do not use the boundary its Content-Type names: please send it again',
    );
  }
  return badRequest(/*i18n*/ 'The form could not be read as multipart/form-data: please send it again');
}

export interface FormBodyOptions {
  /** The multipart field that carries the file. */
  fileField: string;
  numbers?: readonly string[];
  booleans?: readonly string[];
  json?: readonly string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Form fields are text: turn "25", "true" and "[...]" into what the JSON contract expects, leaving anything else for it to refuse. */
function coerceFields(body: Record<string, unknown>, options: FormBodyOptions): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const key of options.numbers ?? []) {
    const v = out[key];
    if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) out[key] = Number(v);
  }
  for (const key of options.booleans ?? []) {
    const v = out[key];
    if (v === 'true' || v === 'on') out[key] = true;
    else if (v === 'false') out[key] = false;
  }
  for (const key of options.json ?? []) {
    const v = out[key];
    if (typeof v === 'string') {
      try {
        out[key] = JSON.parse(v) as unknown;
      } catch {
        // Left as text: the contract then says what the field must be.
      }
    }
  }
  return out;
}

/**
 * Lets one route take the same fields as JSON or as multipart/form-data with a file, as
 * the API promises its clients. Its preValidation hook turns a multipart body into the JSON shape, so the
 * route's contract schema validates both alike, and keeps the file aside for the handler. Nothing is
 * written anywhere until the handler runs, so a form refused by validation leaves no file behind.
 */
export function formBody(options: FormBodyOptions) {
  const files = new WeakMap<FastifyRequest, Buffer>();
  // Arrow functions, not methods: routes pass them around as hooks, detached from this object.
  return {
    preValidation: async (request: FastifyRequest): Promise<void> => {
      if (request.isMultipart()) {
        const { fields, file } = await readMultipartForm(request, options.fileField);
        if (file) files.set(request, file);
        request.body = coerceFields(fields, options);
      } else if (isRecord(request.body)) {
        // Web forms send numbers from text inputs as text: "25" is read as 25 in JSON too.
        request.body = coerceFields(request.body, options);
      }
    },
    fileOf: (request: FastifyRequest): Buffer | undefined => files.get(request),
  };
}
