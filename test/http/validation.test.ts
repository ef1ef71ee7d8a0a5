import { describe, expect, it } from 'vitest';
import { guildIdParam, pagingParams } from '../../src/http/parameters.js';
import { requestSchema } from '../../src/http/serve-endpoints.js';
import { compileValidator } from '../../src/http/validation.js';

const compile = (schema: unknown) =>
  compileValidator({ schema, method: 'GET', url: '/v1/test', httpPart: 'querystring' });

describe('request validator (compiled from the route schemas)', () => {
  const params = compile(requestSchema([guildIdParam]));
  const query = compile(requestSchema(pagingParams));

  it('accepts ids of the pattern and refuses others, naming the field as Ajv does', () => {
    expect(params({ guildId: '1133557799224466880' })).toBe(true);
    expect(params({ guildId: 'a'.repeat(64) })).toBe(true);
    for (const bad of ['', 'a'.repeat(65), 'has space', 'é', '1;DROP']) {
      expect(params({ guildId: bad }), bad).toBe(false);
      expect(params.errors?.[0]?.instancePath).toBe('/guildId');
    }
    expect(params({})).toBe(false);
    expect(params.errors?.[0]?.params).toEqual({ missingProperty: 'guildId' });
  });

  it('coerces limit to an integer within its bounds, and refuses repeats and fractions', () => {
    const data: Record<string, unknown> = { limit: '25', after: 'abc' };
    expect(query(data)).toBe(true);
    expect(data).toEqual({ limit: 25, after: 'abc' });
    expect(query({ limit: ['7'] })).toBe(true);
    for (const bad of ['0', '1001', '2.5', 'ten', '', ['1', '2'], '99999999999999999999']) {
      expect(query({ limit: bad }), String(bad)).toBe(false);
      expect(query.errors?.[0]?.instancePath).toBe('/limit');
    }
    expect(query({})).toBe(true);
  });

  it('counts code points for string lengths and refuses an empty or over-long cursor', () => {
    expect(query({ after: '😀'.repeat(200) })).toBe(true);
    expect(query({ after: '😀'.repeat(201) })).toBe(false);
    expect(query({ after: '' })).toBe(false);
    expect(query({ after: ['a', 'b'] })).toBe(false);
  });

  it('fails at start-up on a keyword it does not enforce, so no schema is half-checked', () => {
    expect(() =>
      compile({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } } }),
    ).toThrow(/unsupported JSON Schema keyword "format"/);
    expect(() => compile({ type: 'object', additionalProperties: false })).toThrow(
      /additionalProperties/,
    );
    expect(() => compile({ type: 'object', properties: { n: { type: 'number' } } })).toThrow(
      /unsupported type/,
    );
  });
});
