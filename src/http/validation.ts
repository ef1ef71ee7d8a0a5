/*
 * Fastify's validator compiler for this API's request schemas: the path ids, the paging query and
 * the list's choices (sort, order, house).
 *
 * It is compiled from the very parameter schemas the endpoint declarations give (parameters.ts;
 * the OpenAPI document shows the same), for the small subset of JSON Schema they use; any other
 * keyword fails at start-up, so a schema can never be half-enforced. It stands in for Ajv, which Fastify otherwise
 * loads for these four fields: Ajv's load and compile took ~95 ms of start-up and ~10 MiB of
 * resident memory (docs/decisions.md). Errors take Ajv's shape (`instancePath`,
 * `params.missingProperty`), which is what error-handling.ts reads.
 */

import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

type SchemaDefinition = Parameters<FastifySchemaCompiler<unknown>>[0];
type ValidationResult = ReturnType<FastifySchemaCompiler<unknown>>;

type Check = (value: unknown) => { ok: true; value: unknown } | { ok: false; keyword: string };

const ANNOTATIONS = new Set(['description', 'examples', 'title']);

function assertKnown(schema: Record<string, unknown>, allowed: readonly string[], where: string) {
  for (const keyword of Object.keys(schema)) {
    if (!allowed.includes(keyword) && !ANNOTATIONS.has(keyword)) {
      throw new Error(`${where}: unsupported JSON Schema keyword "${keyword}"`);
    }
  }
}

/** A query value may come repeated (`?a=1&a=2`): one value is taken as is, more are refused. */
function single(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.length === 1 ? value[0] : undefined;
}

function stringCheck(schema: Record<string, unknown>, where: string): Check {
  assertKnown(schema, ['type', 'pattern', 'minLength', 'maxLength', 'enum'], where);
  const allowed = Array.isArray(schema.enum) ? new Set<unknown>(schema.enum) : null;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  return (raw) => {
    const value = single(raw);
    if (typeof value !== 'string') return { ok: false, keyword: 'type' };
    // JSON Schema counts code points, as Ajv does.
    const length = [...value].length;
    if (length < min) return { ok: false, keyword: 'minLength' };
    if (length > max) return { ok: false, keyword: 'maxLength' };
    if (pattern && !pattern.test(value)) return { ok: false, keyword: 'pattern' };
    if (allowed && !allowed.has(value)) return { ok: false, keyword: 'enum' };
    return { ok: true, value };
  };
}

function integerCheck(schema: Record<string, unknown>, where: string): Check {
  assertKnown(schema, ['type', 'minimum', 'maximum'], where);
  const min = typeof schema.minimum === 'number' ? schema.minimum : Number.NEGATIVE_INFINITY;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
  return (raw) => {
    const value = single(raw);
    // Query strings carry text: "10" is coerced to 10, as Fastify's default Ajv set-up does.
    const number =
      typeof value === 'string' && /^-?\d+$/.test(value)
        ? Number(value)
        : typeof value === 'number'
          ? value
          : Number.NaN;
    if (!Number.isSafeInteger(number)) return { ok: false, keyword: 'type' };
    if (number < min) return { ok: false, keyword: 'minimum' };
    if (number > max) return { ok: false, keyword: 'maximum' };
    return { ok: true, value: number };
  };
}

function fieldCheck(schema: unknown, where: string): Check {
  if (typeof schema !== 'object' || schema === null) throw new Error(`${where}: not a schema`);
  const field = schema as Record<string, unknown>;
  if (field.type === 'string') return stringCheck(field, where);
  if (field.type === 'integer') return integerCheck(field, where);
  throw new Error(`${where}: unsupported type ${JSON.stringify(field.type)}`);
}

function fieldError(
  name: string,
  keyword: string,
  params: Record<string, unknown> = {},
): FastifySchemaValidationError {
  const instancePath = keyword === 'required' ? '' : `/${name}`;
  return {
    instancePath,
    schemaPath: `#/properties/${name}/${keyword}`,
    keyword,
    params,
    message: `failed ${keyword}`,
  };
}

/** Compiles an object schema (`properties`, `required`) into a Fastify validator function. */
export function compileValidator({ schema, url }: SchemaDefinition): ValidationResult {
  const where = `schema of ${url ?? 'a route'}`;
  if (typeof schema !== 'object' || schema === null) throw new Error(`${where}: not a schema`);
  const root = schema as Record<string, unknown>;
  assertKnown(root, ['type', 'properties', 'required'], where);
  if (root.type !== 'object') throw new Error(`${where}: the root must be an object schema`);
  const properties = (root.properties ?? {}) as Record<string, unknown>;
  const fields = Object.entries(properties).map(
    ([name, field]) => [name, fieldCheck(field, `${where}, ${name}`)] as const,
  );
  const required = Array.isArray(root.required) ? (root.required as string[]) : [];

  const validate: ValidationResult = (data: unknown) => {
    validate.errors = null;
    const record = (data ?? {}) as Record<string, unknown>;
    for (const name of required) {
      if (record[name] === undefined) {
        validate.errors = [fieldError(name, 'required', { missingProperty: name })];
        return false;
      }
    }
    for (const [name, check] of fields) {
      if (record[name] === undefined) continue;
      const result = check(record[name]);
      if (!result.ok) {
        validate.errors = [fieldError(name, result.keyword)];
        return false;
      }
      record[name] = result.value;
    }
    return true;
  };
  return validate;
}
