/*
 * The fake's gateway: WebSocket sessions as Discord keeps them, one per shard. IDENTIFY's
 * `shard: [id, count]` opens a session for that shard, whose READY and GUILD_CREATEs carry only
 * the guilds that shard owns, `(guild_id >> 22) % count`; each guild's events, interactions
 * included, go to the connection of its shard. Sessions survive a dropped connection, so a
 * RESUME replays what the client missed.
 */
import type { WebSocket as Socket } from 'ws';
import { WebSocket } from 'ws';
import { APP_ID, botUser, guildObject } from './objects.js';
import type { Handshake, Json } from './types.js';

/**
 * A gateway session: what READY named, every event dispatched in it (so a RESUME can replay
 * what the client missed), and the connection currently carrying it, if any.
 */
interface Session {
  id: string;
  shard: [number, number];
  events: { s: number; frame: string }[];
  socket: Socket | null;
}

export interface GatewayOptions {
  token: string;
  guilds: readonly string[];
  /** ws:// address handed out in READY for resuming. */
  url: string;
}

/** The shard of `guildId` among `count`, as Discord computes it; DMs go to shard 0. */
export function shardOf(guildId: string | null, count: number): number {
  if (guildId === null) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

export class FakeGateway {
  /** How many gateway connections were opened, and IDENTIFY / RESUME payloads received. */
  connections = 0;
  identifies = 0;
  resumes = 0;
  /** Every IDENTIFY and RESUME with how it was answered, in order. */
  readonly handshakes: Handshake[] = [];

  private readonly sockets = new Set<Socket>();
  private readonly sessions = new Map<string, Session>();
  /** The session the latest READY of each shard opened: where that shard's events go. */
  private readonly current = new Map<number, Session>();
  /** The shard count of the latest IDENTIFY: how guilds are split among shards. */
  private shardCount = 1;
  private readonly handshakeWaiters: { index: number; resolve(h: Handshake): void }[] = [];

  constructor(private readonly options: GatewayOptions) {}

  onConnection(socket: Socket): void {
    this.connections += 1;
    const connection = this.connections;
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      for (const session of this.sessions.values()) {
        if (session.socket === socket) session.socket = null;
      }
    });
    socket.on('message', (raw) => this.onFrame(socket, connection, raw.toString()));
    socket.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null }));
  }

  private onFrame(socket: Socket, connection: number, raw: string): void {
    const frame = JSON.parse(raw) as { op: number; d: Json | null };
    if (frame.op === 1) {
      socket.send(JSON.stringify({ op: 11, d: null, s: null, t: null }));
      return;
    }
    if (frame.op === 2) this.onIdentify(socket, connection, frame.d ?? {});
    if (frame.op === 6) this.onResume(socket, connection, frame.d ?? {});
  }

  private onIdentify(socket: Socket, connection: number, d: Json): void {
    this.identifies += 1;
    const given = Array.isArray(d.shard) ? d.shard.map(Number) : [0, 1];
    const shard: [number, number] = [given[0] ?? 0, given[1] ?? 1];
    if (d.token !== this.options.token) {
      socket.close(4004, 'Authentication failed.');
      this.record({ kind: 'identify', outcome: 'rejected', connection, sessionId: null, shard });
      return;
    }
    const session: Session = {
      id: `fake-session-${this.identifies}`,
      shard,
      events: [],
      socket,
    };
    this.sessions.set(session.id, session);
    this.current.set(shard[0], session);
    this.shardCount = shard[1];
    const guilds = this.options.guilds.filter((id) => shardOf(id, shard[1]) === shard[0]);
    this.dispatchIn(session, 'READY', {
      v: 10,
      user: botUser(),
      guilds: guilds.map((id) => ({ id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.options.url,
      shard,
      application: { id: APP_ID, flags: 0 },
    });
    for (const id of guilds) this.dispatchIn(session, 'GUILD_CREATE', guildObject(id));
    this.record({ kind: 'identify', outcome: 'ready', connection, sessionId: session.id, shard });
  }

  /** RESUME {token, session_id, seq}: replay what the client missed, then RESUMED. */
  private onResume(socket: Socket, connection: number, d: Json): void {
    this.resumes += 1;
    const sessionId = typeof d.session_id === 'string' ? d.session_id : null;
    const session = sessionId === null ? undefined : this.sessions.get(sessionId);
    const shard = session?.shard ?? null;
    if (d.token !== this.options.token) {
      socket.close(4004, 'Authentication failed.');
      this.record({ kind: 'resume', outcome: 'rejected', connection, sessionId, shard });
      return;
    }
    if (!session) {
      // As Discord: "not resumable", so the client must IDENTIFY afresh.
      socket.send(JSON.stringify({ op: 9, d: false, s: null, t: null }));
      this.record({ kind: 'resume', outcome: 'invalid', connection, sessionId, shard });
      return;
    }
    session.socket = socket;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    const missed = session.events.filter((event) => event.s > seq);
    for (const event of missed) socket.send(event.frame);
    this.dispatchIn(session, 'RESUMED', null);
    this.record({
      kind: 'resume',
      outcome: 'resumed',
      connection,
      sessionId,
      shard,
      replayed: missed.length,
    });
  }

  private record(handshake: Omit<Handshake, 'replayed'> & { replayed?: number }): void {
    const recorded: Handshake = { replayed: 0, ...handshake };
    this.handshakes.push(recorded);
    const index = this.handshakes.length - 1;
    for (const waiter of [...this.handshakeWaiters]) {
      if (waiter.index === index) {
        this.handshakeWaiters.splice(this.handshakeWaiters.indexOf(waiter), 1);
        waiter.resolve(recorded);
      }
    }
  }

  /** Resolves with handshake number `index` (0-based, in arrival order) once answered. */
  waitForHandshake(index: number): Promise<Handshake> {
    const seen = this.handshakes[index];
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.handshakeWaiters.push({ index, resolve }));
  }

  /**
   * Numbers the event in its session and sends it if the session has a live connection;
   * otherwise (or if that connection is dying) the event waits in the session for a RESUME.
   */
  private dispatchIn(session: Session, event: string, d: unknown): void {
    const s = session.events.length + 1;
    const frame = JSON.stringify({ op: 0, t: event, s, d });
    session.events.push({ s, frame });
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(frame);
  }

  /** Dispatches INTERACTION_CREATE on the shard that owns the interaction's guild. */
  dispatchInteraction(interaction: Json): void {
    const guildId = typeof interaction.guild_id === 'string' ? interaction.guild_id : null;
    const shard = shardOf(guildId, this.shardCount);
    const session = this.current.get(shard);
    if (!session) throw new Error(`fake Discord: no gateway session for shard ${shard}`);
    this.dispatchIn(session, 'INTERACTION_CREATE', interaction);
  }

  /** Closes every gateway connection with `code`, as Discord does when it drops a session. */
  disconnect(code: number, reason = 'fake Discord disconnect'): void {
    for (const socket of this.sockets) socket.close(code, reason);
  }

  /** Cuts every gateway connection without a close frame: the client sees 1006 (abnormal). */
  terminate(): void {
    for (const socket of this.sockets) socket.terminate();
  }

  /** Forgets every session, as after a long outage: the next RESUME gets op 9 (d: false). */
  forgetSessions(): void {
    this.sessions.clear();
  }

  /** Closes every connection with 4004, so that no client tries to reconnect. */
  closeAll(): void {
    for (const socket of this.sockets) socket.close(4004, 'fake Discord closing');
  }
}
