import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RenderStats } from '../budgets/render-slots.js';
import type { StreamStats } from '../events/event-hub.js';
import { DELIVERY_RESULTS } from '../webhooks/deliverer.js';
import type { WebhookStats } from '../webhooks/service.js';

/*
 * Prometheus metrics of one running service. Each call to createMetrics() owns its own
 * registry (never prom-client's global default), so two apps in one process, as tests build
 * them, never share or collide on a metric.
 *
 * Labels are bounded by design: a route *pattern* (`/v1/players/:guildId`), an HTTP method and
 * status, a slash-command name, an outcome, a gateway state. Never a key, a guild or user id,
 * nor a raw URL: those would leak data and grow without bound.
 */

export type GatewayState = 'disabled' | 'connecting' | 'ready' | 'down';
const GATEWAY_STATES: readonly GatewayState[] = ['disabled', 'connecting', 'ready', 'down'];

/** As the bot's dispatcher logs it. */
export type InteractionOutcome = 'ok' | 'not found' | 'error';

/** The route label of a request that matched no route (a 404): one value, whatever the URL. */
const UNMATCHED_ROUTE = 'unmatched';

export interface Metrics {
  readonly registry: Registry;
  /** One answered request; `route` is the route pattern, or undefined when none matched. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
  /** One slash command or button handled by the bot. */
  countInteraction(command: string, outcome: InteractionOutcome): void;
  /** The bot's gateway connection changed state. */
  setGatewayState(state: GatewayState): void;
  /**
   * Reports the event streams: `stats` is read at each scrape (nothing is counted per event
   * here, so thousands of streams cost /metrics nothing between scrapes).
   */
  watchEventStreams(stats: () => StreamStats): void;
  /** Reports the node's chart renders (render slots), read at each scrape like the streams. */
  watchRenders(stats: () => RenderStats): void;
  /** Reports the webhooks (docs/webhooks.md): read at each scrape, two small store queries. */
  watchWebhooks(stats: () => Promise<WebhookStats>): void;
  /** The Prometheus text exposition of every metric. */
  render(): Promise<string>;
  readonly contentType: string;
}

// Read-only lookups on SQLite answer in well under a millisecond; the tail is what matters.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

interface MetricsOptions {
  /** Also export Node's process metrics (CPU, memory, event-loop lag); default true. */
  processMetrics?: boolean;
}

/** What the scrape reads from the node's parts; each is set once the part is running. */
interface Sources {
  streams?: () => StreamStats;
  renders?: () => RenderStats;
  webhooks?: () => Promise<WebhookStats>;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const labels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'housecup_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: labels,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'housecup_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: labels,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const interactions = new Counter({
    name: 'housecup_bot_interactions_total',
    help: 'Discord interactions handled, by command and outcome',
    labelNames: ['command', 'outcome'] as const,
    registers: [registry],
  });
  const sources: Sources = {};
  registerStreamMetrics(registry, () => sources.streams?.());
  registerRenderMetrics(registry, () => sources.renders?.());
  const webhooks = registerWebhookMetrics(registry, () => sources.webhooks?.());
  const setGatewayState = registerGatewayState(registry);
  if (options.processMetrics !== false) registerProcessMetrics(registry);

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const values = { method, route: route ?? UNMATCHED_ROUTE, status: String(status) };
      requests.inc(values);
      latency.observe(values, seconds);
    },
    countInteraction(command, outcome) {
      interactions.inc({ command, outcome });
    },
    setGatewayState,
    watchEventStreams(stats) {
      sources.streams = stats;
    },
    watchRenders(stats) {
      sources.renders = stats;
    },
    watchWebhooks(stats) {
      sources.webhooks = stats;
    },
    render: () => {
      webhooks.forget();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

/** Every state is exported from the start, so a dashboard sees 0s rather than gaps. */
function registerGatewayState(registry: Registry): (state: GatewayState) => void {
  const gateway = new Gauge({
    name: 'housecup_bot_gateway_state',
    help: "1 for the bot's current gateway state, 0 for the others",
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const set = (current: GatewayState) => {
    for (const state of GATEWAY_STATES) gateway.set({ state }, state === current ? 1 : 0);
  };
  set('disabled');
  return set;
}

/**
 * The event loop's delays sampled every millisecond rather than prom-client's 10: a sample is
 * the time between two ticks, so at 10 ms an idle loop already reads 10 ms, and a chart's or a
 * list's block of a few milliseconds could not be told from nothing. The lag gauges
 * (`housecup_nodejs_eventloop_lag_p99_seconds`, `_max_seconds`…) cover the time since the
 * previous scrape.
 */
function registerProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({
    register: registry,
    prefix: 'housecup_',
    eventLoopMonitoringPrecision: 1,
  });
}

/** A counter of totals the node keeps itself: each scrape adds what grew since the last. */
function totalsCounter(
  registry: Registry,
  spec: { name: string; help: string; label?: string },
  read: () => Promise<Record<string, number>> | Record<string, number>,
): void {
  const reported: Record<string, number> = {};
  new Counter({
    name: spec.name,
    help: spec.help,
    labelNames: spec.label === undefined ? [] : [spec.label],
    registers: [registry],
    async collect() {
      for (const [value, total] of Object.entries(await read())) {
        const grown = total - (reported[value] ?? 0);
        reported[value] = total;
        if (spec.label === undefined) this.inc(grown);
        else this.inc({ [spec.label]: value }, grown);
      }
    },
  });
}

function registerStreamMetrics(registry: Registry, stats: () => StreamStats | undefined): void {
  new Gauge({
    name: 'housecup_event_streams_open',
    help: 'Event streams (GET /v1/events/:guildId) open on this node',
    registers: [registry],
    collect() {
      this.set(stats()?.open ?? 0);
    },
  });
  totalsCounter(
    registry,
    {
      name: 'housecup_events_sent_total',
      help: 'Events written to event streams, by event name (one per stream it went to)',
      label: 'event',
    },
    () => ({ ...stats()?.sent }),
  );
}

function registerRenderMetrics(registry: Registry, stats: () => RenderStats | undefined): void {
  const gauges: [string, string, (stats: RenderStats) => number][] = [
    [
      'housecup_renders_running',
      'Charts being drawn and encoded on this node now (at most RENDER_CONCURRENCY)',
      (each) => each.running,
    ],
    [
      'housecup_renders_waiting',
      'Charts waiting for a render slot on this node now',
      (each) => each.waiting,
    ],
    [
      'housecup_renders_running_peak',
      'The most charts this node has ever drawn and encoded at once since it started',
      (each) => each.peak,
    ],
  ];
  for (const [name, help, read] of gauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const now = stats();
        this.set(now ? read(now) : 0);
      },
    });
  }
  totalsCounter(
    registry,
    {
      name: 'housecup_renders_total',
      help: 'Charts rendered on this node (draw and encode begun)',
    },
    () => ({ begun: stats()?.begun ?? 0 }),
  );
  totalsCounter(
    registry,
    {
      name: 'housecup_renders_refused_total',
      help: 'Chart requests refused with 429 because every render slot and queue place was taken',
    },
    () => ({ refused: stats()?.refused ?? 0 }),
  );
}

/** The webhooks' metrics; `forget` drops the scrape's one read, shared by the three. */
function registerWebhookMetrics(
  registry: Registry,
  stats: () => Promise<WebhookStats> | undefined,
): { forget(): void } {
  let read: Promise<WebhookStats | undefined> | undefined;
  const current = () => {
    read ??= (stats() ?? Promise.resolve(undefined)).catch(() => undefined);
    return read;
  };
  totalsCounter(
    registry,
    {
      name: 'housecup_webhook_deliveries_total',
      help: 'Webhook delivery attempts made by this node, by result',
      label: 'result',
    },
    async () => {
      const now = await current();
      return Object.fromEntries(
        DELIVERY_RESULTS.map((result) => [result, now?.deliveries[result] ?? 0]),
      );
    },
  );
  new Gauge({
    name: 'housecup_webhook_oldest_waiting_seconds',
    help: 'Age of the oldest webhook message not delivered yet (0 when none waits), all nodes',
    registers: [registry],
    async collect() {
      this.set((await current())?.oldestWaitingSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'housecup_webhook_subscriptions_open',
    help: 'Webhook subscriptions not disabled, all guilds',
    registers: [registry],
    async collect() {
      this.set((await current())?.openSubscriptions ?? 0);
    },
  });
  return {
    forget() {
      read = undefined;
    },
  };
}
