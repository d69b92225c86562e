import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
export const httpMethods: HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: object;
  $ref?: string;
}

export interface OperationObject {
  operationId: string;
  security?: unknown[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, { schema: object }>; $ref?: string };
  responses: Record<string, { content?: Record<string, { schema: object }>; $ref?: string }>;
  'x-roles'?: string[];
  'x-plans'?: string[];
  /**
   * The handler gets the body's exact bytes (a Buffer), unparsed and unvalidated: provider webhooks, whose
   * signature is computed over the raw body (bind.ts).
   */
  'x-raw-body'?: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>> & { parameters?: ParameterObject[] }>;
  components?: Record<string, Record<string, unknown>>;
}

export interface BoundOperation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path, e.g. /users/{id} */
  path: string;
  /** JSON pointer of the operation inside the document, used to compile validators by reference. */
  pointer: string;
  operation: OperationObject;
  parameters: ParameterObject[];
  isPublic: boolean;
  roles: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

export function loadDocument(file = process.env.OPENAPI_FILE ?? path.resolve(here, '../../openapi/dist/openapi.json')): OpenApiDocument {
  return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Resolves a local `$ref` ("#/components/...") against the document. */
export function resolveRef<T>(doc: OpenApiDocument, value: T & { $ref?: string }): T {
  let current: unknown = value;
  for (let depth = 0; depth < 10 && current && typeof current === 'object' && '$ref' in current; depth++) {
    const ref = (current as { $ref: string }).$ref;
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc);
  }
  return current as T;
}

export function listOperations(doc: OpenApiDocument): BoundOperation[] {
  const operations: BoundOperation[] = [];
  for (const [apiPath, item] of Object.entries(doc.paths)) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(doc, p));
      operations.push({
        operationId: operation.operationId,
        method,
        path: apiPath,
        pointer: `#/paths/${escapePointer(apiPath)}/${method}`,
        operation,
        parameters,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
        roles: operation['x-roles'] ?? [],
      });
    }
  }
  return operations;
}
