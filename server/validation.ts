// Request validation: bodies are checked strictly (no coercion, unknown properties rejected),
// while query strings and path parameters are coerced from text as HTTP requires.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { contentName } from './content-name.js';

// ajv-formats is CommonJS; its default export arrives as the module namespace under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const common = { allErrors: true, strict: false, strictNumbers: true, removeAdditional: false } as const;
const bodyAjv = addFormats(new Ajv({ ...common, coerceTypes: false, useDefaults: false }));
const textAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array', useDefaults: true }));

function allowsNull(schema: Record<string, unknown>): boolean {
  const variants = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  return schema.type === 'null' || (variants?.some((variant) => variant.type === 'null') ?? false);
}

/**
 * Each distinct schema compiled once per process, whatever object holds it: the routes of every
 * instance built (each test's app) make their params and querystring objects anew. A validator
 * keeps nothing between calls but `errors`, read right after each one.
 */
const validators = new Map<string, ValidateFunction>();

export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  const key = `${httpPart === 'body' ? 'body' : 'text'}:${contentName(schema)}`;
  let validator = validators.get(key);
  if (!validator) validators.set(key, (validator = compile(schema, httpPart)));
  return validator;
};

function compile(schema: Record<string, unknown>, httpPart: string | undefined): ValidateFunction {
  if (httpPart !== 'body') return textAjv.compile(schema);
  const validate: ValidateFunction = bodyAjv.compile(schema);
  // A body that may be null may also be absent (POST /auth/token with only a Basic header).
  if (!allowsNull(schema)) return validate;
  const optional = ((data: unknown) => data === undefined || validate(data)) as ValidateFunction;
  // A getter, not a copy: fastify reads `errors` after each call (Object.assign would freeze it at null).
  return Object.defineProperty(optional, 'errors', { get: () => validate.errors });
}

/** For checks outside a route schema (e.g. a body validated after its media type is known). */
export function compileBodyValidator<T>(schema: object): (data: unknown) => data is T {
  return bodyAjv.compile(schema) as unknown as (data: unknown) => data is T;
}
