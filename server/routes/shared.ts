// What every resource route shares: response schemas for lists and problems, projection of pages
// and the 201 + Location answer.
import type { FastifyReply } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { Problem } from '../../models/common.js';
import { project } from '../../query/parse.js';
import type { ListResult } from '../../query/types.js';

const problemText: Record<number, string> = {
  400: 'Invalid request: the detail and `errors` say what to fix.',
  401: 'Missing, invalid or expired access token.',
  403: 'Your role may not do this.',
  404: 'No such resource (or not yours to see).',
  409: 'Conflicts with the current state (stock, status, a taken name, references).',
  413: 'Body over 1 MiB.',
  415: 'Body is not application/json.',
  429: 'Too many attempts; see Retry-After.',
};

/** Problem responses for the given statuses, for the OpenAPI document and the serializer. */
export function problems(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, Type.Object(Problem.properties, { description: problemText[status] ?? 'Problem' })]));
}

/** Any property may be left out by `fields=`, so responses declare none as required. */
export const Projectable = <T extends TSchema>(schema: T) => Type.Partial(schema);

export function ListResponse<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    { results: Type.Array(Projectable(item)), total_results: Type.Integer({ minimum: 0, description: 'All matches, ignoring limit and offset.' }) },
    { description },
  );
}

export function projectPage<T extends object>(page: ListResult<T>, fields: string[] | undefined) {
  return { results: page.results.map((item) => project(item, fields)), total_results: page.total_results };
}

export function sendCreated<T extends { id: string }>(reply: FastifyReply, collectionPath: string, created: T) {
  return reply.code(201).header('location', `${collectionPath}/${created.id}`).send(created);
}

export const NoContent = Type.Null({ description: 'Deleted; no body.' });
