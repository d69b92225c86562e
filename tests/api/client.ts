import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { loadDocument, listOperations } from '../../server/openapi/document';
import { ContractValidator } from '../../server/openapi/validation';

export const baseUrl = () => inject('baseUrl');
export const document = loadDocument();
export const operations = listOperations(document);
export const validator = new ContractValidator(document);

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked against the contract instead
  headers: Headers;
  text: string;
}

/** One HTTP call to the running server. `body` may be a string to send raw bytes. */
export async function call(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers, text };
}

export const api = (method: string, path: string, options?: Parameters<typeof call>[2]) => call(method, `/api/v1${path}`, options);

/** Asserts an answer is one the contract declares for the operation, with a body of the declared shape. */
export function expectContract(operationId: string, answer: Answer) {
  const operation = operations.find((o) => o.operationId === operationId);
  expect(operation, `unknown operation ${operationId}`).toBeDefined();
  const declared = operation!.operation.responses[String(answer.status)];
  expect(declared, `${operationId} answered ${answer.status}, not declared in the contract: ${answer.text}`).toBeDefined();
  const base = declared!.$ref ?? `${operation!.pointer}/responses/${answer.status}`;
  if (declared!.$ref || declared!.content?.['application/json']) {
    const validate = validator.schemaAt(`${base}/content/application~1json/schema`);
    const ok = validate(answer.body);
    expect(ok, `${operationId} ${answer.status} body breaks the contract: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
}

export function uniqueEmail(prefix = 'trainer') {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export async function register(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const answer = await api('POST', '/register', { body: { email, password: 'correct-horse-battery', firstname: 'Élodie', ...overrides } });
  expect(answer.status, answer.text).toBe(201);
  return { email, password: 'correct-horse-battery', token: answer.body.token as string, user: answer.body.user };
}

export async function login(email: string, password = 'demo-password', staySignedIn = false) {
  const answer = await api('POST', '/login', { body: { email, password, staySignedIn } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.token as string;
}

/** The newest mail for an address from the dev mailbox, and the link it carries. */
export async function latestMail(to: string, template: string) {
  const answer = await call('GET', `/__dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const mail = (answer.body as { template: string; text: string }[]).find((m) => m.template === template);
  expect(mail, `no ${template} mail for ${to}`).toBeDefined();
  const link = /(https?:\/\/\S+)/.exec(mail!.text)?.[1];
  expect(link).toBeDefined();
  return new URL(link!);
}
