import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderBudget } from '../budgets/render-budget.js';
import type { RenderSlots } from '../budgets/render-slots.js';
import type { ReadService } from '../read/service.js';
import type { Placement } from './areas.js';
import type { EventStreams } from './event-streams.js';
import type { SchemaName } from './openapi/schemas.js';
import type { CachedRoutes } from './serve-cached.js';

/*
 * An endpoint of the API, declared once beside its handler: its path, parameters, texts,
 * response schemas and examples. Everything else is derived from the declarations: the Fastify
 * routes and their request validation (serve-endpoints.ts), the 400 message of each malformed
 * parameter, the 405s, the area descriptions (endpoints/areas.ts) and the OpenAPI document
 * (openapi/document.ts). Adding an endpoint is adding one declaration to endpoints/index.ts.
 */

/** The JSON Schema of a parameter, as Ajv validates it and the OpenAPI document shows it. */
type ParameterSchema =
  | {
      type: 'string';
      pattern?: string;
      minLength?: number;
      maxLength?: number;
      /** The only values allowed: a choice (`sort`, `order`, `house`). */
      enum?: readonly string[];
    }
  /**
   * A numeric parameter, bounded both ways: read from its text by integer-text.ts's rule
   * (serve-endpoints.ts), then checked against these bounds.
   */
  | { type: 'integer'; minimum: number; maximum: number };

type ValueOfSchema<S> = S extends { type: 'integer' }
  ? number
  : S extends { enum: readonly (infer Value extends string)[] }
    ? Value
    : string;

export interface Parameter<
  Name extends string = string,
  S extends ParameterSchema = ParameterSchema,
> {
  name: Name;
  in: 'path' | 'query';
  /** Path parameters always are. */
  required: boolean;
  schema: S;
  description: string;
  /**
   * What "Try it out" fills in: it sends every example of an endpoint together, so one left out
   * is one that would not go with the others'.
   */
  example?: ValueOfSchema<S>;
  /** The 400 answer's message when the value is malformed. */
  invalid: string;
}

/** `{ guildId: string, … }` from a list of parameters. */
export type ValuesOf<P extends readonly Parameter[]> = {
  [Item in P[number] as Item['name']]: ValueOfSchema<Item['schema']>;
};

/** A real answer over the demo data (data/demo.json), and the URL that gets it. */
interface LiveExample {
  url: string;
  body: unknown;
  /**
   * The fields (by name, at any depth) whose values are those of the moment the demo data was
   * loaded (the instant of a change the store recorded then): the document says so, and the
   * test compares every other value.
   */
  varies?: readonly string[];
}

/** One documented answer of an endpoint. */
export interface ResponseDoc {
  description: string;
  schema: SchemaName;
  /**
   * A real answer over the demo data (data/demo.json), and the URL that gets it: the OpenAPI
   * document shows both, and test/ops/openapi.test.ts requests the URL and compares.
   */
  example: LiveExample;
  /** More such answers, by name, where one answer cannot show what the endpoint gives. */
  moreExamples?: Record<string, LiveExample>;
}

/** The success of an endpoint that answers a server-sent event stream, not one JSON body. */
export interface EventStreamDoc {
  description: string;
  mediaType: 'text/event-stream';
  /** What a client reads, for the OpenAPI document. */
  example: string;
}

/** The success of an endpoint that answers a picture: ETag and 304 as JSON answers have. */
export interface PictureDoc {
  description: string;
  mediaType: 'image/png';
  /** A URL over the demo data that answers it (test/ops/openapi.test.ts requests it). */
  example: { url: string };
}

/** A request header an endpoint reads besides `Authorization` (`Last-Event-ID`). */
interface HeaderDoc {
  name: string;
  description: string;
  example: string;
}

/**
 * What handlers read from: the read service, the answer cache they share, the event streams, and
 * the render budgets (the node's slots, each key's renders a minute).
 */
export interface EndpointDeps extends CachedRoutes {
  read: ReadService;
  events: EventStreams;
  renders: { slots: RenderSlots; budget: RenderBudget };
}

interface Input<P extends readonly Parameter[], Q extends readonly Parameter[]> {
  params: ValuesOf<P>;
  query: Partial<ValuesOf<Q>>;
}

export interface Endpoint<
  P extends readonly Parameter[] = readonly Parameter[],
  Q extends readonly Parameter[] = readonly Parameter[],
> {
  /** The area whose description lists it (EVERY_AREA: all four). */
  area: Placement;
  /** Fastify's pattern, e.g. `/v1/players/:guildId`. */
  path: string;
  operationId: string;
  summary: string;
  /** What it answers, for the area descriptions and the OpenAPI document. */
  description: string;
  params: P;
  query: Q;
  /** Optional request headers it reads, besides `Authorization`. */
  headers?: readonly HeaderDoc[];
  /** Reads one guild's data: a key scoped to other guilds gets 403. */
  guildScoped: boolean;
  ok: ResponseDoc | EventStreamDoc | PictureDoc;
  notFound?: ResponseDoc;
  /**
   * Its 400 texts besides each parameter's own `invalid`: parameters that are well formed alone
   * but do not go together (`sort=change` without a `period`).
   */
  refusals?: readonly string[];
  /**
   * Answers the request: calls `reply` and returns nothing (Fastify's callback style), so a
   * cached answer costs no promise (answer.ts).
   */
  handle(
    deps: EndpointDeps,
    input: Input<P, Q>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void;
}

/** A declaration, checked; `const` keeps parameter names literal for the handler's types. */
export function defineEndpoint<
  const P extends readonly Parameter[],
  const Q extends readonly Parameter[],
>(endpoint: Endpoint<P, Q>): Endpoint<P, Q> {
  return endpoint;
}

/**
 * An endpoint of any parameters, as lists hold it (`handle` is a method, so its parameters are
 * compared bivariantly and every declaration fits).
 */
export type AnyEndpoint = Endpoint;

/** Every parameter of an endpoint, path first. */
export function parametersOf(endpoint: AnyEndpoint): readonly Parameter[] {
  return [...endpoint.params, ...endpoint.query];
}
