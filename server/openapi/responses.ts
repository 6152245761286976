// The reusable parts of responses: what each error status means in this API, and the response
// headers the document names (as components, referenced from every operation that sends them).
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
  412: 'The request arrived after its Request-Deadline; nothing was changed.',
  413: 'The body is larger than 1 MiB.',
  415: 'The body is not application/json.',
  422: 'This Idempotency-Key was already used for a different request.',
  429: 'Too many requests from your address (or failed logins); Retry-After says when to try again.',
  503: 'The data store is unreachable or the server is shutting down; Retry-After says when to try again.',
};

export const componentHeaders: Record<string, O.HeaderObject> = {
  Location: {
    description: 'The URL of the created resource.',
    required: true,
    schema: { type: 'string' },
    example: '/orders/674d0bf5c28b69001f8e03a1',
  },
  WWWAuthenticate: {
    description: 'The scheme to authenticate with: `Bearer realm="pos"`, or Basic at POST /auth/token.',
    required: true,
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'Seconds to wait before trying again.', required: true, schema: { type: 'integer', minimum: 0 } },
  Allow: { description: 'The methods the path supports.', required: true, schema: { type: 'string' }, example: 'GET, POST' },
  IdempotentReplayed: {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
  RetryAfterInFlight: {
    description: 'When the request with the same Idempotency-Key is still running: seconds to wait (1).',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** A response header by its HTTP name, referencing its component. */
export const headerRef = (component: keyof typeof componentHeaders) => ({ $ref: `#/components/headers/${component}` });

export function problemResponse(status: number, description = problemDescriptions[status] ?? 'Problem'): O.ResponseObject {
  return { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: schemaRef('Problem') } } };
}
