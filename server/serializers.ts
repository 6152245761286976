// Response serializers compiled once per process for each distinct schema. fast-json-stringify turns
// every route's response schemas into code when the app is built: 45% of building it, measured. A
// process that builds the app more than once (the test suite builds hundreds of apps per process; a
// second instance beside the first) reuses what it compiled. The key is the schema's content
// (./content-name.ts) with the compiler's options and shared schemas, so the same schema always
// gets the same function.
import { createHash } from 'node:crypto';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { contentName } from './content-name.js';

type Factory = SerializerSelector.SerializerFactory;
type Serializer = SerializerSelector.Serializer;

const compiled = new Map<string, Serializer>();
const buildDefault = SerializerSelector();

const digest = (text: string) => createHash('sha256').update(text).digest('base64');

/** fastify's default serializer factory (the same compiler, the same output), with the cache. */
export const cachedSerializers: Factory = (externalSchemas, options) => {
  const compile = buildDefault(externalSchemas, options);
  const context = digest(JSON.stringify([externalSchemas ?? null, options ?? null]));
  return (route) => {
    const key = `${context}:${contentName(route.schema)}`;
    let serializer = compiled.get(key);
    if (!serializer) {
      serializer = compile(route);
      compiled.set(key, serializer);
    }
    return serializer;
  };
};
