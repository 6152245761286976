// The rules every operation follows, applied to the generated document in one place so that a new
// route gets them with no per-route work: errors are application/problem+json, the statuses any
// request can meet (body too large, wrong media type, rate limit, store down) are declared, the
// headers that go with a status are named, and an operation without security says it is public.
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { componentHeaders, headerRef, problemResponse } from './responses.js';

/** Response headers by status: [HTTP name, component]. A new entry reaches every operation. */
const headersByStatus: Record<string, [string, keyof typeof componentHeaders][]> = {
  201: [['Location', 'Location']],
  401: [['WWW-Authenticate', 'WWWAuthenticate']],
  429: [['Retry-After', 'RetryAfter']],
  503: [['Retry-After', 'RetryAfter']],
};

/** Creations with no URL of their own to point at: a login's token pair. */
const CREATED_WITHOUT_LOCATION = new Set(['logIn']);

const WRITE_METHODS = new Set(['post', 'put', 'patch']);
const RETRIED_METHODS = new Set(['post', 'put', 'patch', 'delete']);

const idempotencyKey: O.ParameterObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: a repeat of this request with the same key (within 24 hours) gets the stored answer and writes nothing.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
};

export interface ConventionOptions {
  /** The server honours Idempotency-Key on every POST, PUT, PATCH and DELETE. */
  idempotencyKey?: boolean;
}

/** Every write may carry a deadline (server/plugins/deadline.ts): answered 412 when it has passed. */
const REQUEST_DEADLINE: O.ParameterObject = {
  name: 'Request-Deadline',
  in: 'header',
  required: false,
  description:
    "When this write stops being worth applying, in epoch milliseconds of the server's clock (as its " +
    '`Date` header tells). Arriving later, it changes nothing and is answered 412: a client that gave up ' +
    'waiting can tell its user "not sent" for sure.',
  schema: { type: 'string', pattern: '^\\d{1,15}$' },
  example: '1763900000000',
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** An operation that takes an Idempotency-Key can replay a stored answer, or refuse a reused key. */
const takesIdempotencyKey = (operation: O.OperationObject) =>
  (operation.parameters ?? []).some(
    (parameter) => 'in' in parameter && parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key',
  );

const takesAccessToken = (operation: O.OperationObject) => (operation.security ?? []).some((requirement) => 'AccessToken' in requirement);

/** The statuses any operation of this kind can answer, whatever its handler does. */
function commonStatuses(method: string, operation: O.OperationObject): number[] {
  const statuses = [429, 503];
  if (takesAccessToken(operation)) statuses.push(401);
  if (WRITE_METHODS.has(method)) statuses.push(415);
  if (RETRIED_METHODS.has(method)) statuses.push(400, 412);
  if (operation.requestBody) statuses.push(400, 413);
  if (takesIdempotencyKey(operation)) statuses.push(400, 409, 422);
  return statuses;
}

/** "Default Response" is what the generator says when a route gave no description. */
function successDescription(method: string, status: string, response: O.ResponseObject, operation: O.OperationObject): string {
  if (response.description && response.description !== 'Default Response') return response.description;
  const schema = response.content?.['application/json']?.schema as { $ref?: string } | undefined;
  const name = schema?.$ref
    ?.split('/')
    .pop()
    ?.replace(/^Partial/, '');
  if (status === '201')
    return `Created: the new ${name ?? 'resource'}${CREATED_WITHOUT_LOCATION.has(operation.operationId ?? '') ? '.' : '; Location is its URL.'}`;
  if (status === '204') return 'Done; no body.';
  if (name && method === 'get') return `The ${name} (with only the requested \`fields\` when given).`;
  if (name && method === 'post') return `The new ${name}.`;
  if (name) return `The ${name} as stored now.`;
  return operation.summary ?? 'Success.';
}

function responseHeaders(operation: O.OperationObject, status: string): Record<string, O.ReferenceObject> {
  const named = (headersByStatus[status] ?? []).filter(
    ([name]) => !(name === 'Location' && CREATED_WITHOUT_LOCATION.has(operation.operationId ?? '')),
  );
  const headers = Object.fromEntries(named.map(([name, component]) => [name, headerRef(component)]));
  if (takesIdempotencyKey(operation) && status !== '429' && !status.startsWith('5'))
    headers['Idempotent-Replayed'] = headerRef('IdempotentReplayed');
  if (takesIdempotencyKey(operation) && status === '409') headers['Retry-After'] = headerRef('RetryAfterInFlight');
  return headers;
}

function shapeOperation(method: string, operation: O.OperationObject): void {
  if (RETRIED_METHODS.has(method)) operation.parameters = [...(operation.parameters ?? []), REQUEST_DEADLINE];
  const responses = (operation.responses ??= {}) as Record<string, O.ResponseObject>;
  for (const status of commonStatuses(method, operation)) responses[status] ??= problemResponse(status);
  for (const [status, response] of Object.entries(responses)) {
    const shaped =
      Number(status) >= 400
        ? problemResponse(Number(status), response.description)
        : { ...response, description: successDescription(method, status, response, operation) };
    const headers = responseHeaders(operation, status);
    responses[status] = Object.keys(headers).length > 0 ? { ...shaped, headers: { ...shaped.headers, ...headers } } : shaped;
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  // Fastify documents every body as required; one that may be null may also be left out.
  const body = operation.requestBody as O.RequestBodyObject | undefined;
  const bodySchema = body?.content['application/json']?.schema as { anyOf?: { type?: string }[] } | undefined;
  if (body && bodySchema?.anyOf?.some((variant) => variant.type === 'null')) body.required = false;
  operation.security ??= [];
}

export function applyConventions(document: O.Document, options: ConventionOptions = {}): O.Document {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (!operation) continue;
      if (options.idempotencyKey && RETRIED_METHODS.has(method) && !takesIdempotencyKey(operation))
        operation.parameters = [...(operation.parameters ?? []), idempotencyKey];
      shapeOperation(method, operation);
    }
  }
  const components = (document.components ??= {});
  // OpenAPI has no place for a method a path lacks: the 405 every path can answer is described here.
  components.responses = { MethodNotAllowed: { ...problemResponse(405), headers: { Allow: headerRef('Allow') } } };
  // Only the headers some response refers to (an unused component is noise to a linter).
  const used = JSON.stringify([document.paths, components.responses]);
  components.headers = Object.fromEntries(
    Object.entries(componentHeaders).filter(([name]) => used.includes(`"#/components/headers/${name}"`)),
  );
  return document;
}
