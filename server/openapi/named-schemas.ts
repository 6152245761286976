// Named schemas for the OpenAPI document: every schema a model names with `$id` (Order, Dish,
// PartialDish, Problem, ...) is listed once under components.schemas and referenced by `$ref`, so
// generated clients get one type per resource instead of an anonymous copy per operation. A schema
// may also say how it is documented (`x-document-as`) where the wire form is looser than the meaning.
import { isDeepStrictEqual } from 'node:util';

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keyword for the documented form of a schema; request validation ignores it. */
export const DOCUMENT_AS = 'x-document-as';

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An enum of strings says it is a string (TypeBox leaves `type` out), as many generators need. */
function typed(schema: Record<string, Json>): Record<string, Json> {
  const values = schema.enum;
  return Array.isArray(values) && schema.type === undefined && values.every((value) => typeof value === 'string')
    ? { type: 'string', ...schema }
    : schema;
}

/** Collects the named schemas met in route schemas; one name never stands for two shapes. */
export class NamedSchemas {
  private readonly byName = new Map<string, Record<string, Json>>();

  /** `known`: names for schemas that carry no `$id`, by identity. */
  constructor(private readonly known: ReadonlyMap<object, string> = new Map()) {}

  /** A copy of `node` with every named sub-schema replaced by a reference to it. */
  hoist(node: Json): Json {
    if (Array.isArray(node)) return node.map((item) => this.hoist(item));
    if (!isObject(node)) return node;
    if (isObject(node[DOCUMENT_AS])) return this.hoist(node[DOCUMENT_AS]);
    const name = typeof node.$id === 'string' ? node.$id : this.known.get(node);
    if (typeof name === 'string') {
      this.add(name, node);
      return schemaRef(name);
    }
    return typed(Object.fromEntries(Object.entries(node).map(([key, value]) => [key, this.hoist(value)])));
  }

  add(name: string, schema: Record<string, Json>): void {
    const { $id: _id, ...rest } = schema;
    const body = typed(Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, this.hoist(value)])));
    const known = this.byName.get(name);
    if (known && !isDeepStrictEqual(known, body)) throw new Error(`Two different schemas are named ${name}: give one another $id.`);
    this.byName.set(name, body);
  }

  /** components.schemas, sorted by name so the document is stable. */
  components(): Record<string, Json> {
    return Object.fromEntries([...this.byName].sort(([a], [b]) => a.localeCompare(b)));
  }
}
