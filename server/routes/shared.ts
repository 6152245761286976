// What every resource route shares: response schemas for lists and problems, projection of pages
// and the 201 + Location answer.
import type { FastifyReply } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { Problem } from '../../models/common.js';
import { problemDescriptions } from '../openapi/responses.js';
import { project } from '../../query/parse.js';
import type { ListResult } from '../../query/types.js';

/** Problem responses for the given statuses, for the serializer; the document declares them as
 *  application/problem+json with their headers (../openapi/conventions.ts). */
export function problems(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(
    statuses.map((status) => [status, Type.Object(Problem.properties, { description: problemDescriptions[status] ?? 'Problem' })]),
  );
}

/** Any property may be left out by `fields=`, so responses declare none as required (named PartialX). */
export const Projectable = <T extends TSchema>(schema: T) =>
  Type.Partial(schema, { $id: `Partial${(schema as { $id?: string }).$id ?? ''}` });

export function ListResponse<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      results: Type.Array(Projectable(item)),
      total_results: Type.Integer({ minimum: 0, description: 'All matches, ignoring limit and offset.' }),
    },
    { description },
  );
}

export function projectPage<T extends object>(page: ListResult<T>, fields: string[] | undefined) {
  return { results: page.results.map((item) => project(item, fields)), total_results: page.total_results };
}

export function sendCreated<T extends { id: string }>(reply: FastifyReply, collectionPath: string, created: T) {
  return reply.code(201).header('location', `${collectionPath}/${created.id}`).send(created);
}

/** Sends JSON text already built in the route's response shape, as it is (no serializer runs). */
export function sendJsonText(reply: FastifyReply, text: ReturnType<FastifyReply['serialize']>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/**
 * For a route whose answers never change once made (the live menu's dishes: frozen all the way
 * down and shared between requests until the dish changes): each answer is serialized by the
 * route's response schema once, and later requests for it are sent that text, where the
 * serializer would build the same string again every time. One cache per route, since each
 * route's schema decides its bytes; an answer that is not frozen is returned to be serialized as
 * usual.
 */
export function serializedOnce() {
  const texts = new WeakMap<object, ReturnType<FastifyReply['serialize']>>();
  return <T extends object>(reply: FastifyReply, answer: T): T | FastifyReply => {
    if (!Object.isFrozen(answer)) return answer;
    let text = texts.get(answer);
    if (text === undefined) {
      text = reply.serialize(answer);
      texts.set(answer, text);
    }
    return sendJsonText(reply, text);
  };
}

export const NoContent = Type.Null({ description: 'Deleted; no body.' });
