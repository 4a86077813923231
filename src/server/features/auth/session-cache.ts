/**
 * Who a session cookie belongs to, kept by this instance for SESSION_CACHE_MS (issue 29): a signed-in
 * request then sends only its own query. Kept by the cookie's whole signed value, so a hit is a
 * value whose signature was checked when it was kept.
 *
 * Emptied across instances: migration 0019_session_changes announces on SESSIONS_CHANNEL, on
 * commit, every person whose session was renewed, shortened or ended (sign-out, password change,
 * revocation), whose account changed in what is kept here (role, ban, name, address) or who shared
 * or lost an item (the premium count); each instance forgets them within milliseconds. While the
 * instance's listening connection is down the cache is neither read nor filled, and it is emptied
 * when listening again (notices in between are lost). A lookup that began before a notice about
 * its person arrived is not kept, so a session read just before its revocation cannot outlive it.
 */
import type { Database } from '../../db/client.ts';
import { listenForNotifications, type NotificationListener } from '../../lib/realtime/listen.ts';
import type { Logger } from '../../logger.ts';

/** The channel migration 0019_session_changes notifies on; the payload is a user id. */
export const SESSIONS_CHANNEL = 'ideahub_sessions';

/** At most this many sessions are kept per instance (the oldest go first). */
const MAX_ENTRIES = 20_000;
/** People forgotten recently are remembered by number up to this many, then all lookups in flight are dropped. */
const MAX_FORGOTTEN = 10_000;

export interface KeptSession<P> {
  userId: string;
  person: P;
  /** When the session ends (ms since the epoch), as its row said. */
  expiresAt: number;
}

interface Entry<P> extends KeptSession<P> {
  keptAt: number;
}

export class SessionCache<P> {
  readonly #entries = new Map<string, Entry<P>>();
  readonly #byUser = new Map<string, Set<string>>();
  /** Bumped by every forget and clear; a lookup notes it when it begins (ticket). */
  #seq = 0;
  readonly #forgottenAt = new Map<string, number>();
  #clearedAt = 0;

  constructor(
    readonly ttlMs: number,
    /** Whether notices are arriving now (the listening connection is up). */
    private readonly listening: () => boolean,
  ) {}

  get(key: string, now = Date.now()): KeptSession<P> | undefined {
    if (!this.listening()) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.keptAt >= this.ttlMs) {
      this.#drop(key, entry.userId);
      return undefined;
    }
    return entry;
  }

  /** Taken before a lookup's query: `set` keeps its answer only if nothing about its person was heard since. */
  ticket(): number {
    return this.#seq;
  }

  set(key: string, session: KeptSession<P>, ticket: number, now = Date.now()): void {
    if (!this.listening() || this.#clearedAt > ticket || (this.#forgottenAt.get(session.userId) ?? -1) > ticket) return;
    if (!this.#entries.has(key) && this.#entries.size >= MAX_ENTRIES) {
      const [oldestKey, oldest] = this.#entries.entries().next().value!;
      this.#drop(oldestKey, oldest.userId);
    }
    this.#entries.set(key, { ...session, keptAt: now });
    let keys = this.#byUser.get(session.userId);
    if (!keys) this.#byUser.set(session.userId, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets every session of `userId` kept here, and any lookup of theirs now in flight. */
  forgetUser(userId: string): void {
    this.#seq++;
    if (this.#forgottenAt.size >= MAX_FORGOTTEN) {
      this.#forgottenAt.clear();
      this.#clearedAt = this.#seq;
    }
    this.#forgottenAt.set(userId, this.#seq);
    for (const key of this.#byUser.get(userId) ?? []) this.#entries.delete(key);
    this.#byUser.delete(userId);
  }

  /** Forgets everything, lookups in flight included. */
  clear(): void {
    this.#seq++;
    this.#clearedAt = this.#seq;
    this.#entries.clear();
    this.#byUser.clear();
    this.#forgottenAt.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #drop(key: string, userId: string) {
    this.#entries.delete(key);
    const keys = this.#byUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.#byUser.delete(userId);
  }
}

/** A cache emptied through SESSIONS_CHANNEL (see the module comment); `stop` ends its listening connection. */
export async function createWatchedSessionCache<P>(
  database: Database,
  logger: Logger,
  ttlMs: number,
): Promise<{ cache: SessionCache<P>; stop(): Promise<void> }> {
  let listener: NotificationListener | null = null;
  const cache = new SessionCache<P>(ttlMs, () => listener?.connected ?? false);
  listener = await listenForNotifications(
    database,
    SESSIONS_CHANNEL,
    { onNotify: (userId) => cache.forgetUser(userId), onReconnect: () => cache.clear() },
    logger,
    { applicationName: 'ideahub-listen-sessions' },
  );
  return {
    cache,
    async stop() {
      cache.clear();
      await listener?.stop();
    },
  };
}
