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
  /** One answered HTTP request: `route` is the route pattern, never the URL. */
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
  const gateway = new Gauge({
    name: 'housecup_bot_gateway_state',
    help: "1 for the bot's current gateway state, 0 for the others",
    labelNames: ['state'] as const,
    registers: [registry],
  });

  let streamStats: (() => StreamStats) | undefined;
  new Gauge({
    name: 'housecup_event_streams_open',
    help: 'Event streams (GET /v1/events/:guildId) open on this node',
    registers: [registry],
    collect() {
      this.set(streamStats?.().open ?? 0);
    },
  });
  const reported: Record<string, number> = {};
  new Counter({
    name: 'housecup_events_sent_total',
    help: 'Events written to event streams, by event name (one per stream it went to)',
    labelNames: ['event'] as const,
    registers: [registry],
    collect() {
      for (const [event, total] of Object.entries(streamStats?.().sent ?? {})) {
        const delta = total - (reported[event] ?? 0);
        reported[event] = total;
        this.inc({ event }, delta);
      }
    },
  });

  let renderStats: (() => RenderStats) | undefined;
  const renderGauge = (name: string, help: string, read: (stats: RenderStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(renderStats ? read(renderStats()) : 0);
      },
    });
  renderGauge(
    'housecup_renders_running',
    'Charts being drawn and encoded on this node now (at most RENDER_CONCURRENCY)',
    (stats) => stats.running,
  );
  renderGauge(
    'housecup_renders_waiting',
    'Charts waiting for a render slot on this node now',
    (stats) => stats.waiting,
  );
  renderGauge(
    'housecup_renders_running_peak',
    'The most charts this node has ever drawn and encoded at once since it started',
    (stats) => stats.peak,
  );
  const renderTotals: Record<'begun' | 'refused', number> = { begun: 0, refused: 0 };
  const renderCounter = (name: string, help: string, field: 'begun' | 'refused') =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const total = renderStats?.()[field] ?? 0;
        this.inc(total - renderTotals[field]);
        renderTotals[field] = total;
      },
    });
  renderCounter(
    'housecup_renders_total',
    'Charts rendered on this node (draw and encode begun)',
    'begun',
  );
  renderCounter(
    'housecup_renders_refused_total',
    'Chart requests refused with 429 because every render slot and queue place was taken',
    'refused',
  );

  let webhookStats: (() => Promise<WebhookStats>) | undefined;
  // One read per scrape (render() forgets it), shared by the three metrics below.
  let webhookRead: Promise<WebhookStats | undefined> | undefined;
  const readWebhooks = () => {
    webhookRead ??= (webhookStats?.() ?? Promise.resolve(undefined)).catch(() => undefined);
    return webhookRead;
  };
  const deliveriesReported: Record<string, number> = {};
  new Counter({
    name: 'housecup_webhook_deliveries_total',
    help: 'Webhook delivery attempts made by this node, by result',
    labelNames: ['result'] as const,
    registers: [registry],
    async collect() {
      const stats = await readWebhooks();
      for (const result of DELIVERY_RESULTS) {
        const total = stats?.deliveries[result] ?? 0;
        this.inc({ result }, total - (deliveriesReported[result] ?? 0));
        deliveriesReported[result] = total;
      }
    },
  });
  new Gauge({
    name: 'housecup_webhook_oldest_waiting_seconds',
    help: 'Age of the oldest webhook message not delivered yet (0 when none waits), all nodes',
    registers: [registry],
    async collect() {
      this.set((await readWebhooks())?.oldestWaitingSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'housecup_webhook_subscriptions_open',
    help: 'Webhook subscriptions not disabled, all guilds',
    registers: [registry],
    async collect() {
      this.set((await readWebhooks())?.openSubscriptions ?? 0);
    },
  });

  // Every state is exported from the start, so a dashboard sees 0s rather than gaps.
  const setGatewayState = (current: GatewayState) => {
    for (const state of GATEWAY_STATES) gateway.set({ state }, state === current ? 1 : 0);
  };
  setGatewayState('disabled');

  if (options.processMetrics !== false) {
    // The event loop's delays sampled every millisecond rather than prom-client's 10: a sample
    // is the time between two ticks, so at 10 ms an idle loop already reads 10 ms, and a chart's
    // or a list's block of a few milliseconds could not be told from nothing. The lag gauges
    // (`housecup_nodejs_eventloop_lag_p99_seconds`, `_max_seconds`…) cover the time since the
    // previous scrape.
    collectDefaultMetrics({
      register: registry,
      prefix: 'housecup_',
      eventLoopMonitoringPrecision: 1,
    });
  }

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
      streamStats = stats;
    },
    watchRenders(stats) {
      renderStats = stats;
    },
    watchWebhooks(stats) {
      webhookStats = stats;
    },
    render: () => {
      webhookRead = undefined;
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
