import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../lib/images.js';
import { AppError, badRequest } from '../lib/errors.js';

/**
 * multipart/form-data for picture uploads (product pictures, profile photos). Limits are checked
 * while the body streams in, so an oversized upload is cut off at 5 MB instead of being read whole.
 *
 * Register it inside the plugin that holds the upload routes, never on the root instance: the plugin adds an
 * onRequest hook (a 'close' listener per response) and an onResponse hook (temp file cleanup) to every route of
 * the instance it is registered on, which measured as a promise and a listener per catalogue request for nothing.
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
          throw badRequest(`Send the picture in the field "${fileField}", not "${part.fieldname}"`, fileField);
        }
        const buffer = await part.toBuffer();
        // A file input left empty arrives as a part with no name and no bytes: treat it as no file.
        if (buffer.length > 0 || part.filename) file = buffer;
      } else {
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, `${fileField} is too large: a picture may be at most ${MB} MB`, fileField);
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest(`Send one picture only, in the field "${fileField}"`, fileField);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The form has too many fields');
    throw err;
  }
  return { fields: Object.fromEntries(fields), file };
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
 * Lets one route take the same fields as JSON or as multipart/form-data with a file (spec section 7:
 * "JSON or multipart"). Its preValidation hook turns a multipart body into the JSON shape, so the
 * route's contract schema validates both alike, and keeps the file aside for the handler. Nothing is
 * written anywhere until the handler runs, so a form refused by validation leaves no file behind.
 */
export function formBody(options: FormBodyOptions) {
  const files = new WeakMap<FastifyRequest, Buffer>();
  return {
    async preValidation(request: FastifyRequest): Promise<void> {
      if (request.isMultipart()) {
        const { fields, file } = await readMultipartForm(request, options.fileField);
        if (file) files.set(request, file);
        request.body = coerceFields(fields, options);
      } else if (isRecord(request.body)) {
        // The spec's web client sends numbers from text inputs: "25" is read as 25 in JSON too.
        request.body = coerceFields(request.body, options);
      }
    },
    fileOf(request: FastifyRequest): Buffer | undefined {
      return files.get(request);
    },
  };
}
