import type { Failure } from '../../shared/failure';
import type { ProgressListener, UploadApi } from '../../machines/upload/upload.actors';
import type { PresignInput, UploadFile, UploadTarget } from '../../machines/upload/upload.machine';
import { currentLocale } from '../i18n/currentLocale';
import { api } from './client';
import { toFailure, unwrap } from './failure';
import type { components } from './schema.gen';
import { tokenStorage } from './tokenStorage';
import { notifyUnauthorized } from './unauthorized';

type TrainingItem = components['schemas']['TrainingItem'];

/**
 * The calls of an upload (machines/upload). fetch cannot report upload progress, so the bytes go
 * with XMLHttpRequest (upload.onprogress); the presign call uses the typed API client like the rest.
 */

export const asBlob = (file: UploadFile): Blob => {
  if (!(file instanceof Blob)) throw new Error('upload: the file to send must be a File or a Blob');
  return file;
};

interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  onProgress: ProgressListener;
  signal: AbortSignal;
  /** Carries the session token: a 401 then means the session ended (like the API client). */
  signedIn?: boolean;
}

/** One request with upload progress; resolves with the JSON answer (or undefined), rejects with a Failure. */
export function sendWithProgress({ method, url, headers, body, onProgress, signal, signedIn = false }: XhrRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (signedIn) {
      const token = tokenStorage.get();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('Accept-Language', currentLocale());
    }
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onerror = () => reject(toFailure(new Error('La connexion a été interrompue pendant l’envoi.')));
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      let answer: unknown = undefined;
      try {
        answer = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        answer = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(answer);
      if (xhr.status === 401 && signedIn) notifyUnauthorized();
      reject(toFailure(answer, new Response(null, { status: xhr.status, statusText: xhr.statusText })) satisfies Failure);
    };
    xhr.send(body);
  });
}

/** POST /trainings/{uuid}/urls/presigned for a file. */
export async function presignTrainingUpload(trainingUuid: string, { type, file, contentType }: PresignInput, signal: AbortSignal): Promise<UploadTarget> {
  const answer = await unwrap(
    api.POST('/trainings/{trainingUuid}/urls/presigned', {
      params: { path: { trainingUuid } },
      body: { type, filename: file.name.slice(0, 255) || 'fichier', size: file.size, ...(contentType ? { content_type: contentType } : {}) },
      signal,
    }),
  );
  return { url: answer.upload_url, method: answer.method, headers: answer.headers, fileUrl: answer.file_url };
}

/** Uploads of a training's files: presigned address, then a PUT of the bytes (no session: the address is signed). */
export function trainingUploadApi(trainingUuid: string): UploadApi {
  return {
    presign: (input, signal) => presignTrainingUpload(trainingUuid, input, signal),
    put: async (target, file, onProgress, signal) => {
      await sendWithProgress({ method: target.method, url: target.url, headers: target.headers, body: asBlob(file), onProgress, signal });
    },
  };
}

/** Uploads of a store picture (logo, favicon, sharing image…): POST /stores/{uuid}/urls/presigned, then the same PUT. */
export function storeUploadApi(storeUuid: string, purpose: components['schemas']['CreateStoreUploadUrlBody']['purpose']): UploadApi {
  return {
    presign: async ({ file, contentType }, signal) => {
      const answer = await unwrap(
        api.POST('/stores/{storeUuid}/urls/presigned', {
          params: { path: { storeUuid } },
          body: { purpose, filename: file.name.slice(0, 255) || 'image', size: file.size, ...(contentType ? { content_type: contentType } : {}) },
          signal,
        }),
      );
      return { url: answer.upload_url, method: answer.method, headers: answer.headers, fileUrl: answer.file_url };
    },
    put: async (target, file, onProgress, signal) => {
      await sendWithProgress({ method: target.method, url: target.url, headers: target.headers, body: asBlob(file), onProgress, signal });
    },
  };
}

export interface ScormPlacement {
  /** The section the package goes in; null for the top level. */
  parentId: number | null;
  /** A title; the package's own (manifest) when absent. */
  name?: string;
}

/** A SCORM upload: one multipart POST to `path` (under /api/v1) with the form `fields` and the file, answered by the item. */
function scormFormApi(path: string, fields: Record<string, string>): UploadApi {
  const refuse = () => Promise.reject(new Error('SCORM packages are sent as a form, not to a presigned address'));
  return {
    presign: refuse,
    put: refuse,
    postForm: async (file, onProgress, signal) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', asBlob(file), file.name);
      const url = `${globalThis.location?.origin ?? ''}/api/v1${path}`;
      return (await sendWithProgress({ method: 'POST', url, headers: {}, body: form, onProgress, signal, signedIn: true })) as TrainingItem;
    },
  };
}

/** A SCORM package as a new item (type SCORM, parent_id, file), answered by the created item. */
export function scormUploadApi(trainingUuid: string, placement: ScormPlacement): UploadApi {
  const fields: Record<string, string> = { type: 'SCORM', parent_id: placement.parentId === null ? '' : String(placement.parentId) };
  if (placement.name?.trim()) fields.name = placement.name.trim();
  return scormFormApi(`/trainings/${encodeURIComponent(trainingUuid)}/training_items/scorm`, fields);
}

/** A new package for an existing SCORM item (file), answered by the item launching it. */
export const scormReplaceApi = (trainingUuid: string, itemId: number): UploadApi =>
  scormFormApi(`/trainings/${encodeURIComponent(trainingUuid)}/training_items/${itemId}/scorm`, {});
