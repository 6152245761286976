// The one error handler: every failure — ours, the framework's, validation's — leaves as
// application/problem+json with a title and a detail. 5xx details never reveal internals.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../domain/errors.js';
import { QueryError } from '../query/rules.js';
import { READ_ONLY_PROPERTIES } from '../models/common.js';
import { DuplicateKeyError, StoreUnavailableError } from '../store/types.js';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { path: string; message: string }[];
  allowed?: string[];
  ready_at?: string;
  minutes?: number;
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const readOnly = new Set<string>([...READ_ONLY_PROPERTIES, 'status', 'priority']);

function issuePath(context: string, issue: AjvIssue): string {
  const pointer = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (issue.keyword === 'additionalProperties') {
    const name = String(issue.params.additionalProperty);
    return pointer ? `${pointer}.${name}` : name;
  }
  if (issue.keyword === 'required') {
    const name = String(issue.params.missingProperty);
    return pointer ? `${pointer}.${name}` : name;
  }
  return pointer || context;
}

function issueMessage(issue: AjvIssue, path: string): string {
  const name = path.split('.').pop() ?? path;
  if (issue.keyword === 'additionalProperties') return readOnly.has(name) ? 'is read-only and cannot be set' : 'is not a known property';
  if (issue.keyword === 'required') return 'is required';
  if (issue.keyword === 'enum') return `must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}`;
  if (issue.keyword === 'pattern' && name === 'password') {
    return 'must contain an uppercase letter, a lowercase letter, a digit and one of @$!%*?&';
  }
  if (issue.keyword === 'pattern' && name === 'n') return 'must be a course number in digits (1, 2, …)';
  if (issue.keyword === 'pattern') return 'must not contain whitespace';
  // A nullable scalar (`type: [<type>, 'null']`, models/common.ts) is described as its type alone, as
  // when it was an `anyOf` with null: a client sending a wrong value wants the type, not the null.
  const types = String(issue.params.type ?? '').split(',');
  if (issue.keyword === 'type' && types.length > 1 && types.includes('null'))
    return `must be ${types.filter((type) => type !== 'null').join(',')}`;
  return issue.message ?? 'is invalid';
}

/** Ajv issues → one `{ path, message }` per distinct problem (anyOf noise folded away). */
export function validationIssues(context: string, issues: AjvIssue[]): { path: string; message: string }[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    if (issue.keyword === 'anyOf' || (issue.keyword === 'type' && issue.params.type === 'null')) continue;
    const path = issuePath(context, issue);
    if (!seen.has(path)) seen.set(path, issueMessage(issue, path));
  }
  return [...seen].map(([path, message]) => ({ path, message }));
}

function fromValidation(error: FastifyError): ProblemBody {
  const context = error.validationContext ?? 'request';
  const errors = validationIssues(context, (error.validation ?? []) as AjvIssue[]);
  const detail = errors.map((issue) => `${issue.path} ${issue.message}`).join('; ');
  return { type: 'about:blank', title: 'Bad Request', status: 400, detail: `Invalid ${context}. ${detail}.`, errors };
}

const frameworkDetails: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is larger than the 1 MiB limit.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but the content type says JSON: send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
  FST_ERR_BAD_URL: 'The URL is not validly percent-encoded.',
};

export function toProblem(error: FastifyError | Error): ProblemBody {
  if (error instanceof ProblemError) {
    const { errors, allowed, quote } = error.extras;
    return {
      type: 'about:blank',
      title: error.title,
      status: error.status,
      detail: error.detail,
      ...(errors && { errors }),
      ...(allowed && { allowed }),
      ...quote,
    };
  }
  if (error instanceof QueryError) {
    return {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: error.detail,
      errors: [{ path: error.path, message: error.detail }],
    };
  }
  if (error instanceof StoreUnavailableError) {
    return { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The data store is unavailable; try again shortly.' };
  }
  if (error instanceof DuplicateKeyError) {
    return { type: 'about:blank', title: 'Conflict', status: 409, detail: `That ${error.field} is already taken.` };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return fromValidation(fastifyError);
  const status = fastifyError.statusCode ?? 500;
  if (status >= 500 || status < 400) {
    return {
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred; it has been logged.',
    };
  }
  const detail =
    frameworkDetails[fastifyError.code] ??
    (fastifyError.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ? 'The Content-Length header does not match the body.' : error.message);
  return { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail };
}

export function sendProblem(reply: FastifyReply, problem: ProblemBody, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(problem.status).headers(headers).type('application/problem+json').send(problem);
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const problem = toProblem(error);
  if (problem.status >= 500 && problem.status !== 503) request.log.error({ err: error }, 'request failed');
  else if (problem.status === 503) request.log.warn({ err: error }, 'store unavailable');
  const headers = error instanceof ProblemError ? (error.extras.headers ?? {}) : {};
  if (problem.status === 503) headers['retry-after'] = '5';
  return sendProblem(reply, problem, headers);
}

/**
 * Errors the router raises before a route is found. A path parameter over the router's length
 * limit can only be a malformed id (every parameter is an id): a 404, as for any malformed id.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendProblem(reply, {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'There is no resource at this path: ids are 24 hexadecimal characters.',
    });
  }
  return errorHandler(error, request, reply);
}

/**
 * Errors Node's HTTP parser raises before fastify sees a request (headers over 16 KiB, a request
 * not received in time, bytes that are not HTTP) leave as Problems too, then the socket is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request line and headers exceed 16 KiB.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ type: 'about:blank', title: STATUS_CODES[status], status, detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; ` +
        `charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
