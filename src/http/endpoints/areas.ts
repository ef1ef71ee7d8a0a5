import { staticAnswer } from '../../answers/answer.js';
import { type Area, EVERY_AREA } from '../areas.js';
import { type AnyEndpoint, defineEndpoint, type Endpoint, parametersOf } from '../endpoint.js';
import { sendAnswer } from '../serve-cached.js';

/*
 * The four area descriptions (GET /v1/players, /v1/points, /v1/jobs, /v1/premium): each lists
 * the data endpoints of its area with their parameters, read from their declarations.
 */

const AUTHORIZATION = {
  name: 'Authorization',
  in: 'header',
  required: true,
  type: 'string',
  description: 'Your API key, as `<key>` or `Bearer <key>`',
} as const;

/**
 * The body of an area's description: every data method of the area, with its parameters, and
 * the event stream, which carries every area.
 */
function describeArea(area: Area, endpoints: readonly AnyEndpoint[]) {
  const methods = endpoints
    .filter((endpoint) => endpoint.area === area || endpoint.area === EVERY_AREA)
    .map((endpoint) => ({
      method: 'GET' as const,
      path: endpoint.path,
      description: endpoint.description,
      parameters: [
        ...parametersOf(endpoint).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required,
          type: parameter.schema.type,
          description: parameter.description,
          // A choice lists its values, as the OpenAPI document's enum does.
          ...('enum' in parameter.schema && parameter.schema.enum
            ? { enum: [...parameter.schema.enum] }
            : {}),
        })),
        AUTHORIZATION,
        ...(endpoint.headers ?? []).map((header) => ({
          name: header.name,
          in: 'header' as const,
          required: false,
          type: 'string' as const,
          description: header.description,
        })),
      ],
    }));
  return { area, methods, status: 200 as const };
}

/** The description endpoint of `area`, over the data endpoints `endpoints`. */
export function areaEndpoint(area: Area, endpoints: readonly AnyEndpoint[]): Endpoint {
  const body = describeArea(area, endpoints);
  // It never changes while the process runs: serialized once, with its ETag.
  const answer = staticAnswer(body);
  return defineEndpoint({
    area,
    path: `/v1/${area}`,
    operationId: `describe${area[0]?.toUpperCase()}${area.slice(1)}`,
    summary: `Describe the ${area} methods`,
    description: `Every data method of the ${area} area, with its parameters. Any valid key may read it.`,
    params: [],
    query: [],
    guildScoped: false,
    ok: {
      description: `Every method of the ${area} area, with its parameters`,
      schema: 'AreaDescription',
      example: { url: `/v1/${area}`, body },
    },
    handle(deps, _input, request, reply) {
      sendAnswer(request, reply, answer, deps.maxAge);
    },
  });
}
