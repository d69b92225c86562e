import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/schema.gen.js';
import type { LearnerAuth } from '../auth/learnerSession.js';
import type { AuthContext, StoreRow } from '../auth/session.js';
import type { PreviewAccess } from '../commands/previewTokens.js';
import type { Locale } from '../http/messages.js';
import type { Services } from '../services.js';
import type { FILE_FIELD, UploadedFile } from './multipart.js';

export type OperationId = keyof operations;

/**
 * A response's body as a handler returns it: JSON, a CSV file (an export) as text or as a stream of text, server-sent
 * events as a stream, a PDF as bytes.
 */
type JsonOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: { 'text/csv': infer B } }
    ? B | Readable
    : T extends { content: { 'text/event-stream': unknown } }
      ? Readable
    : T extends { content: { 'application/pdf': unknown } }
      ? Uint8Array
      : undefined;
type Op<K extends OperationId> = operations[K];
/** A multipart body reaches the handler with its file part on disk (see multipart.ts). */
type MultipartOf<B> = { [F in keyof B]: F extends typeof FILE_FIELD ? UploadedFile : B[F] };
type RequestOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: { 'multipart/form-data': infer B } }
    ? MultipartOf<B>
    : undefined;

export type BodyOf<K extends OperationId> = Op<K> extends { requestBody: infer R }
  ? RequestOf<R>
  : Op<K> extends { requestBody?: infer R }
    ? RequestOf<NonNullable<R>> | undefined
    : undefined;
export type QueryOf<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;
export type PathOf<K extends OperationId> = Op<K>['parameters'] extends { path?: infer P } ? NonNullable<P> : Record<string, never>;

type Responses<K extends OperationId> = Op<K>['responses'];
/** Only success answers are returned; failures are thrown as HttpError. */
type SuccessStatus = 200 | 201 | 202 | 204;
export type ReplyOf<K extends OperationId> = {
  [S in keyof Responses<K> & SuccessStatus]: JsonOf<Responses<K>[S]> extends undefined
    ? { status: S; headers?: Record<string, string> }
    : { status: S; body: JsonOf<Responses<K>[S]>; headers?: Record<string, string> };
}[keyof Responses<K> & SuccessStatus];

export interface HandlerContext<K extends OperationId> {
  body: BodyOf<K>;
  query: QueryOf<K>;
  params: PathOf<K>;
  /** The caller's back-office session; null on public operations and in the learner area. */
  auth: AuthContext | null;
  /**
   * In the learner area (`/school/stores/{subdomain}`): the learner signed in to that school; never null on learner
   * operations (x-roles CUSTOMER), null on public ones unless the request carries that school's learner token.
   * In the community (`/community/…`), the learner whose session came without a back-office one (auth then null).
   */
  learner: LearnerAuth | null;
  /** In the learner area, on the operations whose contract accepts it: the team's preview token (learner then null). */
  preview: PreviewAccess | null;
  /**
   * The store the operation acts on, resolved once by the binder (policies/storeScope.ts): the one a
   * `{storeUuid}` path names, else the caller's own; in the learner area, the school `{subdomain}` names.
   * Null only on public operations outside the learner area.
   */
  store: StoreRow | null;
  services: Services;
  request: FastifyRequest;
  /** The caller's language (Accept-Language), for messages in the answer. */
  locale: Locale;
}

/** What a preflight knows: the request without its body, which is not read yet. */
export type PreflightContext<K extends OperationId> = Omit<HandlerContext<K>, 'body'>;

/**
 * A handler may carry a `preflight`, which the binder runs once the path and query are valid and before it
 * reads the body: an operation taking a large upload (multipart) resolves the resources of its path there,
 * so that a training of another store answers 404 before its 512 MiB are received. It answers by throwing
 * (HttpError); the handler still checks everything itself.
 */
export type Handler<K extends OperationId> = ((ctx: HandlerContext<K>) => Promise<ReplyOf<K>>) & {
  preflight?: (ctx: PreflightContext<K>) => Promise<void>;
};
export type HandlerMap = { [K in OperationId]?: Handler<K> };

/** `handler` with a preflight (see Handler). */
export function withPreflight<K extends OperationId>(
  preflight: (ctx: PreflightContext<K>) => Promise<void>,
  handler: (ctx: HandlerContext<K>) => Promise<ReplyOf<K>>,
): Handler<K> {
  return Object.assign(handler, { preflight });
}

/** Handlers of authenticated operations call this to get the store they act on (see HandlerContext.store). */
export function scopeOf(ctx: { store: StoreRow | null }): StoreRow {
  if (!ctx.store) throw new Error(`Operation expected a store scope but has none`);
  return ctx.store;
}

/** Handlers of authenticated operations call this to get a non-null session. */
export function signedIn(ctx: { auth: AuthContext | null }): AuthContext {
  if (!ctx.auth) throw new Error(`Operation expected an authenticated caller but has none`);
  return ctx.auth;
}

/** Handlers of learner operations (x-roles CUSTOMER) call this to get the signed-in learner. */
export function signedInLearner(ctx: { learner: LearnerAuth | null }): LearnerAuth {
  if (!ctx.learner) throw new Error(`Operation expected a signed-in learner but has none`);
  return ctx.learner;
}
