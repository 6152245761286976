// The rules every operation follows, applied to the generated document in one place so that a new
// route gets them with no per-route work: errors are application/problem+json, the statuses any
// request can meet (body too large, wrong media type, rate limit, store down) are declared, the
// headers that go with a status are named, and an operation without security says it is public.
import type { OpenAPIV3_1 as O } from 'openapi-types';
import { schemaRef } from './named-schemas.js';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** What each error status means in this API: the description of every Problem response. */
export const problemDescriptions: Record<number, string> = {
  400: 'Invalid request: the detail and `errors` say what to fix.',
  401: 'Missing, invalid or expired credentials; WWW-Authenticate names the scheme.',
  403: 'Your role may not do this.',
  404: 'No such resource (or not yours to see).',
  405: 'The path exists but not with this method; Allow lists the methods it has.',
  409: 'Conflicts with the current state (stock, status, a taken name, references).',
  413: 'The body is larger than 1 MiB.',
  415: 'The body is not application/json.',
  429: 'Too many requests from your address (or failed logins); Retry-After says when to try again.',
  503: 'The data store is unreachable or the server is shutting down; Retry-After says when to try again.',
};

const headers: Record<string, O.HeaderObject> = {
  Location: { description: 'The URL of the created resource.', required: true, schema: { type: 'string' }, example: '/orders/674d0bf5c28b69001f8e03a1' },
  'WWW-Authenticate': { description: 'The scheme to authenticate with: `Bearer realm="pos"`, or Basic at POST /auth/token.', required: true, schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 0 } },
  Allow: { description: 'The methods the path supports.', required: true, schema: { type: 'string' }, example: 'GET, POST' },
};
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name.replace(/-/g, '')}` });

/** Response headers by status; a new entry here reaches every operation answering that status. */
export const headersByStatus: Record<string, string[]> = { 201: ['Location'], 401: ['WWW-Authenticate'], 405: ['Allow'], 429: ['Retry-After'], 503: ['Retry-After'] };

/** Creations with no URL of their own to point at: a login's token pair. */
const CREATED_WITHOUT_LOCATION = new Set(['logIn']);

const WRITE_METHODS = new Set(['post', 'put', 'patch']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function problemResponse(status: number, description = problemDescriptions[status] ?? 'Problem'): O.ResponseObject {
  return { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: schemaRef('Problem') } } };
}

/** The statuses any operation of this kind can answer, whatever its handler does. */
function commonStatuses(method: string, operation: O.OperationObject): number[] {
  const statuses = [429, 503];
  if (WRITE_METHODS.has(method)) statuses.push(415);
  if (operation.requestBody) statuses.push(400, 413);
  return statuses;
}

/** "Default Response" is what the generator says when a route gave no description. */
function successDescription(method: string, status: string, response: O.ResponseObject, operation: O.OperationObject): string {
  if (response.description && response.description !== 'Default Response') return response.description;
  const schema = response.content?.['application/json']?.schema as { $ref?: string } | undefined;
  const name = schema?.$ref?.split('/').pop()?.replace(/^Partial/, '');
  if (status === '201') return `Created: the new ${name ?? 'resource'}${CREATED_WITHOUT_LOCATION.has(operation.operationId ?? '') ? '.' : '; Location is its URL.'}`;
  if (status === '204') return 'Done; no body.';
  if (name && method === 'get') return `The ${name} (with only the requested \`fields\` when given).`;
  if (name && method === 'post') return `The new ${name}.`;
  if (name) return `The ${name} as stored now.`;
  return operation.summary ?? 'Success.';
}

function shapeOperation(method: string, operation: O.OperationObject): void {
  const responses = (operation.responses ??= {}) as Record<string, O.ResponseObject>;
  for (const status of commonStatuses(method, operation)) responses[status] ??= problemResponse(status);
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 400) responses[status] = problemResponse(Number(status), response.description);
    else response.description = successDescription(method, status, response, operation);
    const named = headersByStatus[status]?.filter((name) => !(name === 'Location' && CREATED_WITHOUT_LOCATION.has(operation.operationId ?? '')));
    const answer = responses[status];
    if (answer && named?.length) answer.headers = { ...answer.headers, ...Object.fromEntries(named.map((name) => [name, headerRef(name)])) };
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  // Fastify documents every body as required; one that may be null may also be left out.
  const body = operation.requestBody as O.RequestBodyObject | undefined;
  const bodySchema = body?.content['application/json']?.schema as { anyOf?: { type?: string }[] } | undefined;
  if (body && bodySchema?.anyOf?.some((variant) => variant.type === 'null')) body.required = false;
  operation.security ??= [];
}

export function applyConventions(document: O.Document): O.Document {
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (operation) shapeOperation(method, operation);
    }
  }
  const components = (document.components ??= {});
  components.headers = Object.fromEntries(Object.entries(headers).map(([name, header]) => [name.replace(/-/g, ''), header]));
  components.responses = { MethodNotAllowed: { ...problemResponse(405), headers: { Allow: headerRef('Allow') } } };
  return document;
}
