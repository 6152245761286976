// The one error shape: anything thrown as a ProblemError reaches the client as
// application/problem+json with its status, title and detail.

export interface ProblemExtras {
  errors?: { path: string; message: string }[];
  allowed?: string[];
  headers?: Record<string, string>;
  /** "The kitchen is full": the quote that was refused. */
  quote?: { ready_at: string; minutes: number };
}

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly extras: ProblemExtras = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
}

export const badRequest = (detail: string, extras?: ProblemExtras) => new ProblemError(400, 'Bad Request', detail, extras);
export const unauthorized = (detail: string) =>
  new ProblemError(401, 'Unauthorized', detail, { headers: { 'www-authenticate': 'Bearer realm="pos"' } });
export const forbidden = (detail: string) => new ProblemError(403, 'Forbidden', detail);
export const notFound = (detail: string) => new ProblemError(404, 'Not Found', detail);
export const conflict = (detail: string, extras?: ProblemExtras) => new ProblemError(409, 'Conflict', detail, extras);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ProblemError(429, 'Too Many Requests', detail, { headers: { 'retry-after': String(retryAfterSeconds) } });
export const kitchenFull = (detail: string, quote: { ready_at: string; minutes: number }, retryAfterSeconds: number) =>
  new ProblemError(409, 'The kitchen is full', detail, { quote, headers: { 'retry-after': String(retryAfterSeconds) } });
export const unavailable = (detail: string) => new ProblemError(503, 'Service Unavailable', detail);
