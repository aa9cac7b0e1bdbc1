import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema a model is given for a zod schema: its reply's shape (responseJsonSchema) or a tool's
 * arguments (parametersJsonSchema). One source of truth, the zod schema, which also validates what comes back.
 *
 * What the decoder reads is kept plain, because constrained decoding handles plain objects best and Gemini
 * refuses some keywords: the input side of transforms, no `$schema`, `const` as a one-value `enum`, no
 * JavaScript safe-integer bounds, and a union of objects at the root (a discriminated union, e.g. the secretary's
 * three actions) merged into one object whose discriminator is an `enum` and whose required fields are those
 * every branch requires. What the merge loosens (a field of one branch allowed in another), zod still checks.
 */
export function decoderJsonSchema(schema: z.ZodType): JsonSchema {
  const raw = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, ...rest } = raw;
  return plain(mergeRootUnion(rest));
}

function mergeRootUnion(schema: JsonSchema): JsonSchema {
  const branches = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (!branches?.every((branch) => branch.type === 'object')) return schema;
  const properties: Record<string, JsonSchema> = {};
  for (const branch of branches) {
    for (const [name, property] of Object.entries((branch.properties ?? {}) as Record<string, JsonSchema>)) {
      properties[name] = properties[name] ? mergeProperty(properties[name], property) : property;
    }
  }
  const requiredBy = branches.map((branch) => new Set((branch.required ?? []) as string[]));
  const required = Object.keys(properties).filter((name) => requiredBy.every((names) => names.has(name)));
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Two branches' versions of one field: their constants become one enum; otherwise the first is kept. */
function mergeProperty(first: JsonSchema, second: JsonSchema): JsonSchema {
  const values = (property: JsonSchema) => ('const' in property ? [property.const] : ((property.enum as unknown[]) ?? null));
  const [a, b] = [values(first), values(second)];
  if (a === null || b === null) return first;
  const { const: _const, ...rest } = first;
  return { ...rest, enum: [...new Set([...a, ...b])] };
}

/** One schema node, and the schemas inside it; the names of properties are data, never keywords. */
function plain(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'const') out.enum = [value];
    else if ((keyword === 'minimum' || keyword === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    else if (keyword === 'properties' || keyword === '$defs') out[keyword] = mapValues(value as Record<string, JsonSchema>, plain);
    else if (SUBSCHEMA_LISTS.has(keyword)) out[keyword] = (value as JsonSchema[]).map(plain);
    else if (SUBSCHEMAS.has(keyword) && typeof value === 'object' && value !== null) out[keyword] = plain(value as JsonSchema);
    else out[keyword] = value;
  }
  return out;
}

const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMAS = new Set(['items', 'additionalProperties', 'not']);

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
