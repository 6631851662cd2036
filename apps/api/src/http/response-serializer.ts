import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

const isNullSchema = (node: unknown) => (node as JsonSchema | null)?.type === 'null';

/**
 * Shapes a draft-7 schema for fast-json-stringify so it writes what `JSON.stringify` of the zod output
 * wrote: `required` goes (fast-json-stringify would move required keys ahead of optional ones, changing
 * the byte order clients and ETags see, and throw on a missing one where zod refused the whole answer),
 * and zod's `anyOf: [X, null]` for a nullable object becomes `X` with `nullable: true` (a plain branch
 * instead of checking each value against both). Real unions keep their branches whole, `required`
 * included, since fast-json-stringify picks a branch by validating the value against it.
 */
function forSerialization(node: unknown): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  const { required: _required, anyOf, properties, items, additionalProperties, ...rest } = node as JsonSchema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullSchema) && !anyOf.every(isNullSchema)) {
    const value = anyOf.find((branch) => !isNullSchema(branch));
    return { ...(forSerialization(value) as JsonSchema), ...rest, nullable: true };
  }
  const shaped: JsonSchema = { ...rest };
  if (anyOf !== undefined) shaped.anyOf = anyOf;
  if (properties && typeof properties === 'object') {
    shaped.properties = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, forSerialization(value)]));
  }
  if (items !== undefined) shaped.items = Array.isArray(items) ? items.map(forSerialization) : forSerialization(items);
  if (additionalProperties !== undefined) shaped.additionalProperties = forSerialization(additionalProperties);
  return shaped;
}

/** The JSON Schema a zod response schema serializes by (the output side, as /api/docs shows it). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return forSerialization(json) as JsonSchema;
}

const compiled = new WeakMap<object, (data: unknown) => string>();

/**
 * Serializes replies with fast-json-stringify, as Fastify does for JSON Schema routes, from the route's zod
 * response schema: keys the schema does not name are left out (as zod's parse dropped them); nothing is
 * validated on the way out. One serializer per schema object, shared by the routes that answer with it.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = schema as object;
  let serialize = compiled.get(key);
  if (!serialize) {
    const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : (schema as JsonSchema);
    serialize = fastJson(json) as (data: unknown) => string;
    compiled.set(key, serialize);
  }
  return serialize;
};
