import pg from 'pg';

/**
 * The channel the triggers of migrations 0015 and 0016 notify: the table's name for a change to
 * sessions, users or the matrix (everything is dropped), `notifications:<user id>` for a change to
 * one user's notifications (that user's entries are dropped).
 */
export const CACHE_CHANNEL = 'auth_cache';
/** How the listening connection shows in pg_stat_activity. */
export const CACHE_APPLICATION = 'complaint-desk-cache';

export interface ProcessCacheOptions {
  /** Where to open the listening connection: the pool's own options. */
  connection: pg.ClientConfig;
  /** No entry lives longer than this (issue 17: 30 s). */
  maxAgeMs?: number;
  /** How often the listening connection is asked whether it is alive. */
  heartbeatMs?: number;
  /**
   * The cache is used only while a heartbeat sent less than this long ago has been answered:
   * every change committed before that heartbeat was sent has then reached us, so no answer is
   * ever older than this behind the database.
   */
  staleAfterMs?: number;
  maxEntries?: number;
  now?: () => number;
  log?: { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };
}

interface Entry<T> {
  value: T;
  until: number;
}

/**
 * A per-process cache of the answers every request needs (whose session is this? may this user
 * type do that?) and of each user's poll (their notifications), dropped on the change notices
 * the database sends through LISTEN/NOTIFY: a user's own entries on a change to their
 * notifications, everything on any other change.
 *
 * Fail closed: while the listening connection is down, or its last answered heartbeat is older
 * than `staleAfterMs`, nothing is read from or written to the cache, and every request asks
 * PostgreSQL as if there were no cache. A load that overlaps a drop is not kept (generations),
 * so an answer read before a change cannot outlive the change's notice.
 */
export class ProcessCache {
  readonly #entries = new Map<string, Entry<unknown>>();
  /** Entries that belong to one user (their poll), dropped on that user's notices. */
  readonly #ofUser = new Map<number, Map<string, Entry<unknown>>>();
  readonly #options: Required<Omit<ProcessCacheOptions, 'log'>> & Pick<ProcessCacheOptions, 'log'>;
  #client: pg.Client | null = null;
  #generation = 0;
  /** When the newest answered heartbeat was sent; -Infinity until the first answer. */
  #confirmedAt = Number.NEGATIVE_INFINITY;
  /** The round trip on the listening connection now running, and the one waiting to follow it. */
  #running: Promise<void> | null = null;
  #waiting: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #reconnectDelayMs = 250;
  #closed = false;
  /** Connections already given up on: 'error' and 'end' both fire for one loss. */
  readonly #failedClients = new WeakSet<pg.Client>();
  readonly stats = { hits: 0, misses: 0, drops: 0, connects: 0 };

  constructor(options: ProcessCacheOptions) {
    this.#options = {
      maxAgeMs: 30_000,
      heartbeatMs: 200,
      staleAfterMs: 900,
      maxEntries: 10_000,
      now: () => performance.now(),
      ...options,
    };
  }

  /** Opens the listening connection; resolves once it listens (or has failed and will retry). */
  async start() {
    await this.#connect();
    this.#timer = setInterval(() => void this.#heartbeat(), this.#options.heartbeatMs);
    this.#timer.unref();
  }

  /** Whether answers may come from the cache now. */
  get live() {
    return this.#client !== null && this.#options.now() - this.#confirmedAt < this.#options.staleAfterMs;
  }

  /** The backend pid of the listening connection (tests cut it with pg_terminate_backend). */
  get listenerPid(): number | null {
    return (this.#client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  /**
   * The cached answer for `key`, or `load()`'s, kept until `maxAgeMs` or `expiresAt`
   * (whichever is first) unless a change is announced meanwhile. `null` answers (no such
   * session) are never kept: a stranger's guesses must not fill the cache.
   */
  get<T>(key: string, load: () => Promise<{ value: T; expiresAt?: number } | null>): Promise<T | null> {
    return this.#get(this.#entries, key, load);
  }

  /** As `get`, for an answer about one user's own records, dropped on that user's notices. */
  async getOfUser<T>(userId: number, key: string, load: () => Promise<{ value: T }>): Promise<T> {
    let entries = this.#ofUser.get(userId);
    if (!entries) this.#ofUser.set(userId, (entries = new Map()));
    return (await this.#get(entries, key, load)) as T;
  }

  async #get<T>(
    entries: Map<string, Entry<unknown>>,
    key: string,
    load: () => Promise<{ value: T; expiresAt?: number } | null>,
  ): Promise<T | null> {
    if (!this.live) {
      this.stats.misses++;
      return (await load())?.value ?? null;
    }
    const now = this.#options.now();
    const entry = entries.get(key);
    if (entry && entry.until > now) {
      this.stats.hits++;
      return entry.value as T;
    }
    this.stats.misses++;
    const generation = this.#generation;
    const loaded = await load();
    if (!loaded) return null;
    if (generation === this.#generation && this.live) {
      if (this.#size() >= this.#options.maxEntries) this.#clear();
      const until = Math.min(now + this.#options.maxAgeMs, now + (loaded.expiresAt ?? Number.POSITIVE_INFINITY) - Date.now());
      entries.set(key, { value: loaded.value, until });
    }
    return loaded.value;
  }

  /**
   * Resolves once this process has heard every change committed before the call: a request that
   * changed something awaits it before answering, so its own next request never sees the old
   * answer. At most `staleAfterMs`: by then a silent listener has turned the cache off anyway.
   */
  async sync() {
    const client = this.#client;
    if (!client || !this.live) return;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, this.#options.staleAfterMs).unref());
    await Promise.race([this.#roundTrip(client).catch(() => {}), timeout]);
  }

  /** Asks the listening connection now (a heartbeat out of turn); whether the cache is then live. */
  async confirm() {
    if (this.#client) await this.#roundTrip(this.#client).catch(() => {});
    return this.live;
  }

  /**
   * A `SELECT 1` on the listening connection sent after this call, and its answer. PostgreSQL
   * sends every notice already committed before the answer, and the client emits them in
   * order: once it resolves, every change committed before the call has been heard. One query
   * at a time on the connection; callers who arrive while one runs share the next.
   */
  #roundTrip(client: pg.Client): Promise<void> {
    if (this.#waiting) return this.#waiting;
    const send = () => {
      const sentAt = this.#options.now();
      const trip = client.query('SELECT 1').then(() => {
        if (client === this.#client) this.#confirmedAt = Math.max(this.#confirmedAt, sentAt);
      });
      this.#running = trip;
      void trip
        .finally(() => {
          if (this.#running === trip) this.#running = null;
        })
        .catch(() => {});
      return trip;
    };
    if (!this.#running) return send();
    const waiting = this.#running
      .catch(() => {})
      .then(() => {
        this.#waiting = null;
        return send();
      });
    this.#waiting = waiting;
    return waiting;
  }

  #size() {
    let size = this.#entries.size;
    for (const entries of this.#ofUser.values()) size += entries.size;
    return size;
  }

  #clear() {
    this.#entries.clear();
    this.#ofUser.clear();
  }

  /** Forgets one user's own answers: their notifications changed. */
  dropUser(userId: number) {
    this.#generation++;
    this.#ofUser.delete(userId);
  }

  /** Forgets everything: this process changed what the answers are made of, or was told so. */
  drop() {
    this.#generation++;
    this.#clear();
    this.stats.drops++;
  }

  async close() {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    const client = this.#client;
    this.#lost();
    await client?.end().catch(() => {});
  }

  async #connect() {
    if (this.#closed) return;
    const client = new pg.Client({ ...this.#options.connection, application_name: CACHE_APPLICATION });
    client.on('notification', ({ payload }) => {
      const user = /^notifications:(\d+)$/.exec(payload ?? '');
      if (user) this.dropUser(Number(user[1]));
      else this.drop();
    });
    client.on('error', (error) => this.#failed(client, error));
    client.on('end', () => this.#failed(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      this.#failed(client, error as Error);
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    // Whatever was announced while we were not listening is unknown: start empty.
    this.drop();
    this.#client = client;
    this.#reconnectDelayMs = 250;
    this.stats.connects++;
    await this.#heartbeat();
  }

  async #heartbeat() {
    const client = this.#client;
    // One heartbeat at a time: while the last is unanswered, the cache ages towards off.
    if (!client || this.#running) return;
    try {
      await this.#roundTrip(client);
    } catch (error) {
      this.#failed(client, error as Error);
    }
  }

  #lost() {
    this.#client = null;
    this.#running = null;
    this.#waiting = null;
    this.#confirmedAt = Number.NEGATIVE_INFINITY;
    this.drop();
  }

  #failed(client: pg.Client, error: Error) {
    if (this.#closed || this.#failedClients.has(client)) return;
    this.#failedClients.add(client);
    const wasListening = client === this.#client;
    if (wasListening) {
      this.#lost();
      this.#options.log?.warn({ err: error }, 'process cache: the listening connection is lost; no cache until it is back');
    } else if (this.stats.connects === 0 && this.#reconnectDelayMs === 250) {
      this.#options.log?.warn({ err: error }, 'process cache: cannot LISTEN; no cache until it can');
    }
    client.end().catch(() => {});
    const delay = this.#reconnectDelayMs;
    this.#reconnectDelayMs = Math.min(this.#reconnectDelayMs * 2, 5_000);
    setTimeout(() => void this.#connect(), delay).unref();
  }
}
