// Checks every response a test receives against the served /openapi.json with a third-party
// validator (openapi-response-validator): the status must be declared for the operation, the media
// type listed for that status, the body valid against that media type's schema, and every required
// header present. A mismatch throws, so the test that made the request fails and names it.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import validatorModule from 'openapi-response-validator';
import type { OpenAPIV3_1 as O } from 'openapi-types';

/**
 * The one switch: TEST_OPENAPI_CHECK=0 turns the check off for a run. Not a POS_ name: the servers
 * the tests spawn inherit the environment and refuse a POS_ setting they do not know.
 */
export const CHECK_RESPONSES = process.env.TEST_OPENAPI_CHECK !== '0';

type Check = (request: InjectOptions, response: LightMyRequestResponse) => void;
interface Route {
  pattern: RegExp;
  item: O.PathItemObject;
}

// CommonJS with __esModule: Node hands over module.exports (the class is its `default`), vitest
// the class itself.
const OpenAPIResponseValidator =
  (validatorModule as Partial<typeof validatorModule>).default ?? (validatorModule as unknown as typeof validatorModule.default);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function requestPath(request: InjectOptions): string {
  const url = request.url ?? request.path ?? '/';
  const text = typeof url === 'string' ? url : (url.pathname ?? '/');
  return text.split('?')[0] ?? '/';
}

function resolve<T>(document: O.Document, node: T | O.ReferenceObject): T {
  if (!node || typeof node !== 'object' || !('$ref' in node)) return node as T;
  const found = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], document);
  return found as T;
}

type Validator = InstanceType<typeof OpenAPIResponseValidator>;

/** What is wrong with `response` as an answer described by `declared`, or undefined. */
function mismatch(
  document: O.Document,
  status: string,
  declared: O.ResponseObject,
  response: LightMyRequestResponse,
  validators: Map<object, Map<string, Validator>>,
): string | undefined {
  const mediaType =
    String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  for (const [name, header] of Object.entries(declared.headers ?? {})) {
    if (resolve<O.HeaderObject>(document, header).required && response.headers[name.toLowerCase()] === undefined)
      return `header ${name} is missing`;
  }
  if (!declared.content) return response.body === '' ? undefined : `a body (${mediaType}) where none is declared`;
  const media = declared.content[mediaType];
  if (!media) return `media type "${mediaType}" is not one of ${Object.keys(declared.content).join(', ')}`;
  let body: unknown;
  try {
    body = mediaType.endsWith('json') ? JSON.parse(response.body) : response.body;
  } catch {
    return `the body is not JSON: ${response.body.slice(0, 80)}`;
  }
  // One compiled validator per declared response and media type: compiling is the costly part.
  let byMediaType = validators.get(declared);
  if (!byMediaType) validators.set(declared, (byMediaType = new Map()));
  let validator = byMediaType.get(`${status} ${mediaType}`);
  if (!validator) {
    validator = new OpenAPIResponseValidator({
      responses: { [status]: { ...declared, content: { [mediaType]: media } } } as never,
      components: document.components as never,
      customFormats: { 'date-time': (value: string) => ISO_DATE_TIME.test(value) },
    });
    byMediaType.set(`${status} ${mediaType}`, validator);
  }
  const invalid = validator.validateResponse(status, body);
  return invalid ? `${invalid.message} ${JSON.stringify(invalid.errors)}` : undefined;
}

interface Compiled {
  document: O.Document;
  routes: Route[];
  validators: Map<object, Map<string, Validator>>;
}

/**
 * Per served document, its routes and compiled validators: every app a test process starts serves
 * the same document (given the same settings), and compiling them anew cost each start a fifth of its CPU.
 */
const compiledByDocument = new Map<string, Compiled>();

function compile(text: string): Compiled {
  let compiled = compiledByDocument.get(text);
  if (!compiled) {
    const document = JSON.parse(text) as O.Document;
    const routes: Route[] = Object.entries(document.paths ?? {}).map(([path, item]) => ({
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
      item: item ?? {},
    }));
    compiledByDocument.set(text, (compiled = { document, routes, validators: new Map() }));
  }
  return compiled;
}

export async function responseChecker(app: FastifyInstance): Promise<Check> {
  const { document, routes, validators } = compile((await app.inject({ method: 'GET', url: '/openapi.json' })).body);
  const unknownRoute: O.ResponseObject = {
    description: 'Not Found',
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  };
  return (request, response) => {
    const method = String(request.method ?? 'GET').toLowerCase() as O.HttpMethods;
    const path = requestPath(request);
    const operation = routes.find((route) => route.pattern.test(path))?.item[method];
    const status = String(response.statusCode);
    let declared: O.ResponseObject | O.ReferenceObject | undefined;
    if (operation) declared = operation.responses?.[status] ?? operation.responses?.default;
    else if (status === '405') declared = document.components?.responses?.MethodNotAllowed;
    // An unknown route, or a route the document leaves out by design (boards, /docs, the documents).
    else if (status === '404') declared = unknownRoute;
    else return;
    const problem = declared
      ? mismatch(document, status, resolve<O.ResponseObject>(document, declared), response, validators)
      : 'the status is not declared';
    if (problem)
      throw new Error(`OpenAPI mismatch: ${method.toUpperCase()} ${path} answered ${status}: ${problem}\n${response.body.slice(0, 300)}`);
  };
}
