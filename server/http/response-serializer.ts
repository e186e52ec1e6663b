import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type ZodSchema = z.core.$ZodType;
type ResponseSchema = ZodSchema | { properties: ZodSchema };

/**
 * Zod kinds whose JSON Schema says all a serializer needs to know. Anything else (a transform,
 * a codec, a default, a date) only zod can encode, so such a response keeps zod's serializer.
 */
const PLAIN_KINDS = new Set([
  'object',
  'array',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'literal',
  'enum',
  'union',
  'nullable',
  'optional',
  'readonly',
  'record',
]);

/**
 * Rewrites what fast-json-stringify would hand to Ajv on every call into what it compiles to
 * plain code: `anyOf [X, null]` becomes a nullable X, `anyOf` of same-typed constants an enum.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, simplify(value)]));
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (!branches) return out;
  const { anyOf: _, ...rest } = out;
  const nonNull = branches.filter((branch) => branch.type !== 'null');
  const plain = (branch: JsonSchema) => typeof branch.type === 'string' && !branch.anyOf && !branch.oneOf && !branch.allOf && !branch.$ref;
  if (nonNull.length === 1 && branches.length === 2 && plain(nonNull[0]!)) return { ...rest, ...nonNull[0], nullable: true };
  if (branches.every((branch) => 'const' in branch && plain(branch) && branch.type === branches[0]!.type)) {
    return { ...rest, type: branches[0]!.type, enum: branches.map((branch) => branch.const) };
  }
  return out;
}

/**
 * Whether a union of objects is left: fast-json-stringify picks its branch by validating the
 * value against each, and a value that fails every branch's check of a format (a date, an
 * address) is refused whole. Zod encodes such a response (sign-in: a session or a challenge).
 */
function hasObjectUnion(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(hasObjectUnion);
  if (typeof schema !== 'object' || schema === null) return false;
  const branches = (schema as JsonSchema).anyOf as JsonSchema[] | undefined;
  if (branches?.some((branch) => branch.type === 'object')) return true;
  return Object.values(schema).some(hasObjectUnion);
}

/** No names: the OpenAPI document's names (server/openapi/named-schemas.ts) would make references. */
const UNNAMED = z.registry<Record<string, unknown>>();

/** The response's JSON Schema for fast-json-stringify, or null when only zod can encode it. */
export function serializableJsonSchema(schema: ZodSchema): JsonSchema | null {
  let plain = true;
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      metadata: UNNAMED,
      override: ({ zodSchema }) => {
        if (!PLAIN_KINDS.has(zodSchema._zod.def.type)) plain = false;
      },
    });
    const simple = simplify(json) as JsonSchema;
    return plain && !hasObjectUnion(simple) ? simple : null;
  } catch {
    // Unrepresentable in JSON Schema (e.g. z.undefined(), a transform).
    return null;
  }
}

// Contract schemas are module constants: compile each once, however many apps a test run builds.
const compiled = new WeakMap<ZodSchema, ((data: unknown) => string) | null>();

function compile(schema: ZodSchema) {
  if (!compiled.has(schema)) {
    const json = serializableJsonSchema(schema);
    compiled.set(schema, json ? fastJson(json) : null);
  }
  return compiled.get(schema)!;
}

/**
 * Responses are written by code compiled from the contract (fast-json-stringify), not parsed
 * by zod on every call. It writes only what the contract declares (`additionalProperties:
 * false` on every object), so a column a repository selects by mistake never leaves the
 * server; a required field that is missing still fails the response with a 500.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ResponseSchema> = (routeSchema) => {
  const { schema } = routeSchema;
  const zodSchema = schema instanceof z.core.$ZodType ? schema : schema.properties;
  return (zodSchema instanceof z.core.$ZodType && compile(zodSchema)) || zodSerializerCompiler(routeSchema);
};
