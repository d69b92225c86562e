import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, invalid, type FieldErrors } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { resolveRef, type OpenApiDocument } from './document.js';

/**
 * multipart/form-data bodies (the binder's side of it).
 *
 * In the contract, a multipart body is an object schema: its `format: binary` properties are file parts,
 * the others text fields. A file property may carry `x-max-size` (bytes, default 10 MiB). The file part
 * is always named `file`: the handler types (handler.ts, BodyOf) rely on that name, and the binder
 * refuses to start with a contract that breaks it.
 *
 * A handler of such an operation gets `ctx.body` = the text fields as the contract types them, plus
 * `file: UploadedFile`: the bytes already on disk in a temporary file (streamed, never buffered, the cap
 * enforced while streaming), deleted by the binder once the handler has answered. Read it with
 * `fs.readFile(file.path)` or `fs.createReadStream(file.path)`; never keep the path.
 *
 * Failures are the usual 422 envelope: unreadable multipart → `body`, a file over its cap or a missing
 * or misplaced file → the field's name.
 */
export interface UploadedFile {
  /** The name the client gave (may be empty); never use it as a path. */
  filename: string;
  /** The part's Content-Type as the client declared it: a hint, not a proof. */
  mimetype: string;
  /** Temporary file holding the bytes; removed after the handler answers. */
  path: string;
  size: number;
}

/**
 * Multipart bodies one process reads at once: each may put 512 MiB on the disk and then be unpacked, so
 * more at once would only make them all slow and fill the temporary directory. Beyond: 429 with Retry-After
 * (every multipart operation of the contract must declare it; the binder checks at start).
 */
export const MAX_CONCURRENT_MULTIPART = 4;
const BUSY_RETRY_AFTER_SECONDS = 10;

export const multipartBusy = () =>
  new HttpError(429, 'TOO_MANY_REQUESTS', messages.uploadsBusy, undefined, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });

/** A counter of the bodies being read; a slot is held from the first byte until the handler has answered. */
export class MultipartSlots {
  private used = 0;

  constructor(readonly size = MAX_CONCURRENT_MULTIPART) {}

  /** A function giving the slot back (once, however often it is called), or null when none is free. */
  take(): (() => void) | null {
    if (this.used >= this.size) return null;
    this.used++;
    let held = true;
    return () => {
      if (held) this.used--;
      held = false;
    };
  }
}

export const FILE_FIELD = 'file';
const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
const MAX_FIELD_SIZE = 64 * 1024;

export interface MultipartSpec {
  /** Bytes allowed per file field. */
  files: Map<string, number>;
  /** Names of the text fields the schema declares. */
  fields: string[];
}

interface SchemaObject {
  type?: string;
  format?: string;
  properties?: Record<string, SchemaObject & { $ref?: string }>;
  'x-max-size'?: number;
  $ref?: string;
}

/** Reads the file and text fields of a multipart body schema; throws on a contract the handler types cannot serve. */
export function multipartSpecOf(doc: OpenApiDocument, operationId: string, schema: SchemaObject): MultipartSpec {
  const resolved = resolveRef(doc, schema);
  const files = new Map<string, number>();
  const fields: string[] = [];
  for (const [name, raw] of Object.entries(resolved.properties ?? {})) {
    const property = resolveRef(doc, raw);
    if (property.format === 'binary') {
      if (name !== FILE_FIELD) throw new Error(`${operationId}: a multipart file part must be named "${FILE_FIELD}", not "${name}"`);
      files.set(name, property['x-max-size'] ?? DEFAULT_MAX_FILE_SIZE);
    } else fields.push(name);
  }
  return { files, fields };
}

export interface MultipartBody {
  /** Text fields, plus each file field's filename (what the contract's `format: binary` string validates). */
  forValidation: Record<string, unknown>;
  /** Text fields and files, as the handler receives them. */
  body: Record<string, unknown>;
  /** Removes the temporary files. */
  cleanup(): Promise<void>;
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 100) / 100;

/**
 * Streams the parts of a multipart request: files to a private temporary directory, capped while they
 * arrive; text fields kept as strings. Parts the schema does not declare, a second file for one field,
 * or text sent where a file is expected answer 422.
 */
export async function readMultipart(request: FastifyRequest, spec: MultipartSpec): Promise<MultipartBody> {
  if (!request.isMultipart()) throw invalid({ body: [messages.multipartExpected] });
  const directory = await mkdtemp(path.join(tmpdir(), 'cp-multipart-'));
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const fields: Record<string, unknown> = {};
  const files: Record<string, UploadedFile> = {};
  const errors: FieldErrors = {};
  const addError = (field: string, message: (typeof errors)[string][number]) => (errors[field] ??= []).push(message);
  const largest = Math.max(0, ...spec.files.values());
  try {
    const parts = request.parts({
      limits: {
        fileSize: largest,
        files: Math.max(1, spec.files.size),
        fields: spec.fields.length + 5,
        fieldSize: MAX_FIELD_SIZE,
        parts: spec.fields.length + spec.files.size + 5,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (spec.files.has(part.fieldname)) addError(part.fieldname, messages.fileExpected);
        else if (!spec.fields.includes(part.fieldname)) addError(part.fieldname, messages.unexpected);
        else if (part.valueTruncated) addError(part.fieldname, messages.maxLength(MAX_FIELD_SIZE));
        else fields[part.fieldname] = part.value;
        continue;
      }
      const cap = spec.files.get(part.fieldname);
      if (cap === undefined || files[part.fieldname]) {
        // Drain it so the parser moves on to the next part.
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
        addError(part.fieldname, messages.unexpected);
        continue;
      }
      const target = path.join(directory, `${part.fieldname}-${Object.keys(files).length}`);
      let size = 0;
      part.file.on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated || size > cap) throw invalid({ [part.fieldname]: [messages.fileTooLarge(megabytes(cap))] });
      files[part.fieldname] = { filename: part.filename ?? '', mimetype: part.mimetype, path: target, size };
    }
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid({ [FILE_FIELD]: [messages.fileTooLarge(megabytes(largest))] });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') throw invalid({ body: [messages.tooManyParts] });
    // Parser errors (a cut-off body, a bad boundary) are the client's; disk errors (ENOSPC) stay ours (500).
    if (error instanceof Error && !('status' in error) && !('syscall' in error)) throw invalid({ body: [messages.unreadableMultipart] });
    throw error;
  }
  if (Object.keys(errors).length) {
    await cleanup();
    throw invalid(errors);
  }
  const forValidation = { ...fields, ...Object.fromEntries(Object.entries(files).map(([name, file]) => [name, file.filename || name])) };
  return { forValidation, body: { ...fields, ...files }, cleanup };
}
