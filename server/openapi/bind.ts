import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import type { LearnerAuth } from '../auth/learnerSession.js';
import { resolveSession, type StoreRow } from '../auth/session.js';
import { HttpError, forbidden, invalid, notFound, unauthenticated } from '../http/errors.js';
import { inLocale, localeOf, messages, type Locale } from '../http/messages.js';
import { operationRefusal } from '../policies/policy.js';
import type { PreviewAccess } from '../commands/previewTokens.js';
import { isSchoolPath, isSharedPath, resolveSchoolScope, resolveSharedScope } from '../policies/schoolScope.js';
import { resolveStoreScope } from '../policies/storeScope.js';
import type { Services } from '../services.js';
import { type BoundOperation, type OpenApiDocument, listOperations } from './document.js';
import type { HandlerContext, HandlerMap, OperationId, PreflightContext } from './handler.js';
import { MultipartSlots, multipartBusy, multipartSpecOf, readMultipart, type MultipartSpec } from './multipart.js';
import { ContractValidator, onlyBeyondInt4, toFieldErrors, unstorableTextErrors } from './validation.js';

const JSON_TYPE = 'application/json';
const MULTIPART_TYPE = 'multipart/form-data';
const CSV_TYPE = 'text/csv';
/** Server-sent events (the AI assistant's text as it is written): streamed like a CSV export. */
const EVENT_STREAM_TYPE = 'text/event-stream';

interface CompiledOperation {
  bound: BoundOperation;
  query: ValidateFunction | null;
  path: ValidateFunction | null;
  body: ValidateFunction | null;
  bodyRequired: boolean;
  /** Set for multipart/form-data bodies (see multipart.ts); `body` then validates the text fields. */
  multipart: MultipartSpec | null;
  /** `x-raw-body`: the body reaches the handler as the exact bytes received (a Buffer). */
  rawBody: boolean;
  responses: Map<number, ValidateFunction | null>;
  /** Statuses answered as text/csv or text/event-stream: the handler may stream those (a Readable), checked by their type alone. */
  streamable: Set<number>;
}

/** The multipart/form-data body schema of an operation, if that is how its body comes. */
function multipartSchemaOf(bound: BoundOperation) {
  const requestBody = bound.operation.requestBody;
  return requestBody && !requestBody.$ref ? requestBody.content?.[MULTIPART_TYPE]?.schema : undefined;
}

function compile(validator: ContractValidator, doc: OpenApiDocument, bound: BoundOperation, multipart: MultipartSpec | null): CompiledOperation {
  const paramPointer = (index: number, atPathLevel: boolean) =>
    atPathLevel ? `${bound.pointer.replace(/\/[a-z]+$/, '')}/parameters/${index}/schema` : `${bound.pointer}/parameters/${index}/schema`;
  const item = doc.paths[bound.path]!;
  const rawParams = [
    ...(item.parameters ?? []).map((p, i) => ({ raw: p, pointer: paramPointer(i, true) })),
    ...(bound.operation.parameters ?? []).map((p, i) => ({ raw: p, pointer: paramPointer(i, false) })),
  ].map(({ raw, pointer }, i) => {
    const resolved = bound.parameters[i]!;
    return {
      name: resolved.name,
      in: resolved.in,
      required: resolved.in === 'path' || Boolean(resolved.required),
      pointer: raw.$ref ? `${raw.$ref}/schema` : pointer,
    };
  });
  const query = rawParams.filter((p) => p.in === 'query');
  const pathParams = rawParams.filter((p) => p.in === 'path');

  const requestBody = bound.operation.requestBody;
  const bodyBase = requestBody?.$ref ?? `${bound.pointer}/requestBody`;
  const rawBody = Boolean(bound.operation['x-raw-body']);
  const hasJsonBody = !rawBody && Boolean(requestBody && (requestBody.$ref || requestBody.content?.[JSON_TYPE]));

  const responses = new Map<number, ValidateFunction | null>();
  const streamable = new Set<number>();
  for (const [status, response] of Object.entries(bound.operation.responses)) {
    const code = Number(status);
    if (!Number.isInteger(code)) continue;
    const base = response.$ref ?? `${bound.pointer}/responses/${status}`;
    const resolvedContent = response.$ref ? undefined : response.content;
    if (resolvedContent?.[CSV_TYPE] || resolvedContent?.[EVENT_STREAM_TYPE]) streamable.add(code);
    const hasJson = response.$ref ? true : Boolean(resolvedContent?.[JSON_TYPE]);
    responses.set(code, hasJson ? validator.schemaAt(`${base}/content/application~1json/schema`) : null);
  }

  // "Not implemented yet" is a rule of the whole contract (see its description), not of each operation.
  if (!responses.has(501)) responses.set(501, validator.schemaAt('#/components/schemas/Error'));

  return {
    bound,
    query: query.length ? validator.parameters(query) : null,
    path: pathParams.length ? validator.parameters(pathParams) : null,
    body: hasJsonBody
      ? validator.requestSchemaAt(`${bodyBase}/content/application~1json/schema`)
      : multipart
        ? validator.requestSchemaAt(`${bodyBase}/content/multipart~1form-data/schema`)
        : null,
    bodyRequired: Boolean(requestBody?.required),
    multipart,
    rawBody,
    responses,
    streamable,
  };
}

/**
 * Registers one Fastify route per operation of the contract. Order inside a request:
 * authentication (401) → roles, then plan (403; policies/policy.ts) → store scope (404; policies/storeScope.ts; for the
 * learner area's `/school/stores/{subdomain}` paths, the school and its learner: policies/schoolScope.ts) → 501 when the operation has no handler
 * yet → request validation (422; path and query first, then the handler's preflight, when it has one or
 * the body is multipart) → handler → response validated against the contract before it leaves.
 * Multipart bodies are read by at most MAX_CONCURRENT_MULTIPART requests at once (429 beyond).
 */
export function bindOperations(app: FastifyInstance, doc: OpenApiDocument, handlers: HandlerMap, services: Services, prefix = '/api/v1') {
  const validator = new ContractValidator(doc);
  const operations = listOperations(doc);
  const multipartSlots = new MultipartSlots();
  for (const bound of operations) {
    // Validators compile on an operation's first request: compiling all of them up front cost seconds at start.
    let compiledOnce: CompiledOperation | undefined;
    // Multipart specs are read now (cheap, no ajv): a contract the handler types cannot serve stops the start.
    const multipartSchema = multipartSchemaOf(bound);
    const multipart = multipartSchema ? multipartSpecOf(doc, bound.operationId, multipartSchema) : null;
    if (multipart && !bound.operation.responses['429']) throw new Error(`${bound.operationId}: a multipart operation must declare 429 (too many uploads at once)`);
    const compiledOperation = () => (compiledOnce ??= compile(validator, doc, bound, multipart));
    const handler = handlers[bound.operationId as OperationId] as
      | (((ctx: HandlerContext<OperationId>) => Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>) & {
          preflight?: (ctx: PreflightContext<OperationId>) => Promise<void>;
        })
      | undefined;
    const route = {
      method: bound.method.toUpperCase() as 'GET',
      url: prefix + bound.path.replace(/\{([^}]+)\}/g, ':$1'),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const compiled = compiledOperation();
        const locale = localeOf(request.headers['accept-language']);
        const school = isSchoolPath(bound.path);
        const auth = bound.isPublic || school ? null : await resolveSession(services, request.headers.authorization);
        let store: StoreRow | null = null;
        let learner: LearnerAuth | null = null;
        let preview: PreviewAccess | null = null;
        if (school) {
          // The learner area: the school from `{subdomain}` and its learner's session, or the team's preview token
          // where the contract accepts one (policies/schoolScope.ts).
          const { subdomain } = request.params as { subdomain?: string };
          const previewToken = (request.query as { preview_token?: unknown }).preview_token;
          const scope = await resolveSchoolScope(services, bound, subdomain, request.headers.authorization, previewToken);
          ({ store, learner } = scope);
          preview = scope.preview ?? null;
        } else if (!bound.isPublic && !auth && isSharedPath(bound.path)) {
          // The community, which the team and learners share: without a back-office session, the learner's session
          // of their own school (policies/schoolScope.ts resolveSharedScope).
          const scope = await resolveSharedScope(services, bound, request.headers.authorization);
          ({ store, learner } = scope);
        } else if (!bound.isPublic) {
          if (!auth) throw unauthenticated();
          const refusal = operationRefusal({ roles: bound.roles, plans: bound.operation['x-plans'] }, auth.user, auth.store);
          if (refusal === 'role') throw forbidden();
          if (refusal === 'plan') throw forbidden(messages.planRequired, 'PLAN_REQUIRED');
          // The one place a `{storeUuid}` path is resolved against the caller's store (policies/storeScope.ts).
          store = await resolveStoreScope(services, auth, (request.params as { storeUuid?: string }).storeUuid);
        }

        if (!handler) {
          return sendChecked(reply, compiled, request, locale, 501, {
            message: inLocale(messages.notImplemented(bound.operationId), locale),
            code: 'NOT_IMPLEMENTED',
            operationId: bound.operationId,
          });
        }

        const errors = {};
        const params = { ...(request.params as object) };
        if (compiled.path && !compiled.path(params)) {
          if (onlyBeyondInt4(compiled.path.errors)) throw notFound();
          Object.assign(errors, toFieldErrors(compiled.path.errors));
        }
        const query = { ...(request.query as object) };
        if (compiled.query && !compiled.query(query)) Object.assign(errors, toFieldErrors(compiled.query.errors));
        // Texts no database stores (NUL, half a surrogate pair) are refused whatever the field: see validation.ts.
        Object.assign(errors, unstorableTextErrors(params), unstorableTextErrors(query));
        const context = { query: query as never, params: params as never, auth, learner, preview, store, services, request, locale };
        // A handler's deliberate failures are answers too: they must be ones the contract declares.
        const failure = (error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
          if (error.headers) reply.headers(error.headers);
          return sendChecked(reply, compiled, request, locale, error.status, error.toEnvelope(locale));
        };
        // Path and query come first when the body may be large: the preflight looks resources up by them,
        // and nothing is read of a multipart body before the rest of the request is known to be good.
        if ((handler.preflight || compiled.multipart) && Object.keys(errors).length) throw invalid(errors);
        if (handler.preflight) {
          try {
            await handler.preflight(context);
          } catch (error) {
            return failure(error);
          }
        }

        let body = request.body;
        let cleanup: (() => Promise<void>) | undefined;
        let release: (() => void) | undefined;
        let result: { status: number; body?: unknown; headers?: Record<string, string> };
        try {
          if (compiled.rawBody) {
            body = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
          } else if (compiled.multipart) {
            release = multipartSlots.take() ?? undefined;
            if (!release) return failure(multipartBusy());
            const parsed = await readMultipart(request, compiled.multipart);
            cleanup = parsed.cleanup;
            if (compiled.body && !compiled.body(parsed.forValidation)) throw invalid(toFieldErrors(compiled.body.errors));
            const unstorable = unstorableTextErrors(parsed.forValidation);
            if (Object.keys(unstorable).length) throw invalid(unstorable);
            body = parsed.body;
          } else if (compiled.body) {
            if (body === undefined || body === null) {
              if (compiled.bodyRequired) Object.assign(errors, { body: [messages.bodyRequired] });
            } else if (!compiled.body(body)) Object.assign(errors, toFieldErrors(compiled.body.errors));
            Object.assign(errors, unstorableTextErrors(body));
          } else body = undefined;
          if (Object.keys(errors).length) throw invalid(errors);

          try {
            result = await handler({ ...context, body: body as never });
          } catch (error) {
            return failure(error);
          }
        } finally {
          await cleanup?.();
          release?.();
        }
        if (result.headers) reply.headers(result.headers);
        return sendChecked(reply, compiled, request, locale, result.status, result.body);
      },
    };
    if (bound.operation['x-raw-body']) {
      // Signed deliveries (provider webhooks): in a scope of its own, any body is kept as the bytes received.
      void app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
        scope.route(route);
      });
    } else app.route(route);
  }
  return operations;
}

function checkResponse(compiled: CompiledOperation, status: number, body: unknown) {
  if (!compiled.responses.has(status)) {
    throw new Error(`${compiled.bound.operationId} answered ${status}, which the contract does not declare`);
  }
  // A streamed file (a CSV export) is text written as it is read: only a text/csv (or text/event-stream) answer may stream.
  if (body instanceof Readable) {
    if (!compiled.streamable.has(status)) throw new Error(`${compiled.bound.operationId} streamed a ${status} answer that is not text/csv or text/event-stream`);
    return;
  }
  const validate = compiled.responses.get(status);
  if (validate && !validate(body)) {
    throw new Error(
      `${compiled.bound.operationId} answered ${status} with a body that breaks the contract: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
    );
  }
}

/** The last gate: a response that breaks the contract never leaves; it becomes a 500 and is logged. */
function sendChecked(reply: FastifyReply, compiled: CompiledOperation, request: FastifyRequest, locale: Locale, status: number, body: unknown) {
  try {
    checkResponse(compiled, status, body);
  } catch (error) {
    request.log.error({ err: error }, 'response contract violation');
    reply.code(500);
    return { message: inLocale(messages.internal, locale), code: 'INTERNAL_ERROR' };
  }
  reply.code(status);
  // An answer carrying a token (sign-in, sign-up, preview…) is never kept by a browser or proxy cache.
  if (status < 300 && body && typeof body === 'object' && 'token' in body) reply.header('cache-control', 'no-store');
  return status === 204 ? reply.send() : body;
}

