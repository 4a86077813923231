/**
 * The simulated people: each is one async loop that thinks, then browses, searches, opens an
 * item and its discussion, likes or unlikes, posts a message or shares an item, through
 * whichever instance the load balancer (Router) picks. Every request is recorded with its timing;
 * every write that got a success answer goes into the ledger the database is checked against.
 */
import type http from 'node:http';
import { errorCode, type Outcome, request } from './http.ts';
import type { Instance } from './instances.ts';
import { type Person, SEARCH_WORDS, TOPICS } from './people.ts';

export type Action =
  | 'browse'
  | 'search'
  | 'details'
  | 'discussion'
  | 'like'
  | 'unlike'
  | 'message'
  | 'share'
  | 'readyz probe'
  | 'api probe'
  | 'canary like'
  | 'canary message';

export interface Rec {
  action: Action;
  instance: string;
  person: number;
  out: Outcome;
  /** This request is the load balancer's second try after `out` of the previous record failed without an answer. */
  retry: boolean;
  /** For a request that got no answer: its second try, on another instance. */
  retriedAs?: Rec;
}

/** What a success answer of each action looks like (429 'cooldown' is a refusal the share rules give). */
export const EXPECTED: Record<Action, number[]> = {
  browse: [200],
  search: [200],
  details: [200],
  discussion: [200],
  like: [200],
  unlike: [200],
  message: [201],
  share: [201],
  'readyz probe': [200],
  'api probe': [200],
  'canary like': [200],
  'canary message': [201],
};

/** A load balancer in front of the instances: random choice among those in rotation. */
export class Router {
  private readonly rotation = new Set<Instance>();
  constructor(
    readonly instances: Instance[],
    readonly agents: Map<string, http.Agent>,
  ) {
    for (const i of instances) this.rotation.add(i);
  }
  add(i: Instance) {
    this.rotation.add(i);
  }
  remove(i: Instance) {
    this.rotation.delete(i);
  }
  has(i: Instance) {
    return this.rotation.has(i);
  }
  /** An instance in rotation, other than `except` when there is another. */
  pick(except?: Instance | null): Instance | null {
    const all = [...this.rotation];
    const others = all.filter((i) => i !== except);
    const from = others.length ? others : all;
    return from.length ? from[Math.floor(Math.random() * from.length)]! : null;
  }
  agent(i: Instance): http.Agent {
    return this.agents.get(i.name)!;
  }
  /**
   * Health checks as a load balancer runs them: GET /readyz on every instance every `intervalMs`.
   * 200 puts an instance in rotation; 'stopping' (shutting down), a refused connection or no answer
   * takes it out. 503 'unavailable' (its database is down) changes nothing: the other instances
   * share that database, so the balancer keeps sending (fails open) and people get the 503.
   */
  startHealthChecks(intervalMs: number): () => void {
    let stopped = false;
    const loop = async (i: Instance) => {
      while (!stopped) {
        const out = await request(this.agent(i), i.url, { method: 'GET', path: '/readyz', timeoutMs: 2000 });
        if (stopped) return;
        if (out.status === 200) this.add(i);
        else if (out.status === 0 || /"status":"stopping"/.test(out.body)) this.remove(i);
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    };
    for (const i of this.instances) void loop(i);
    return () => {
      stopped = true;
    };
  }
}

export interface LikeEntry {
  person: string;
  ideaId: string;
  /** The state the last success answer gave; null when the last attempt got no success answer. */
  liked: boolean | null;
}

export interface MessageAttempt {
  person: number;
  ideaId: string;
  content: string;
  /** The stored id, from the 201 answer. */
  id: number | null;
  out: Outcome | null;
}

export interface ShareAttempt {
  person: number;
  personId: string;
  title: string;
  category: 'idea' | 'product';
  ideaId: string | null;
  couponCode: string | null;
  status: number;
  out: Outcome | null;
}

export class Ledger {
  readonly records: Rec[] = [];
  readonly likes = new Map<string, LikeEntry>();
  readonly messages: MessageAttempt[] = [];
  readonly shares: ShareAttempt[] = [];
  /** Items created by successful shares, for others to find. */
  readonly newItems: string[] = [];

  likeKey(personId: string, ideaId: string) {
    return `${personId}|${ideaId}`;
  }
}

export interface TrafficContext {
  router: Router;
  ledger: Ledger;
  people: Person[];
  /** Items anyone may open (seeded, then shared ones added). */
  items: string[];
  /** Items whose discussion is watched live: a share of the messages goes there. */
  hotItems: string[];
  /** People who must not share during the load (kept for the half-written share check). */
  noShare: Set<number>;
  /** Think time between two actions of one person, ms. */
  thinkMs: [number, number];
  /** Marks the messages of a later round of load, so their texts differ from an earlier round's. */
  round?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pickOne = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** One request through the router; a request that got no answer at all (refused, or its connection closed before any answer) is sent once more to another instance, as a load balancer or a browser does. */
export async function send(
  ctx: Pick<TrafficContext, 'router' | 'ledger'>,
  person: Person | null,
  action: Action,
  method: string,
  path: string,
  body?: unknown,
  opts: { instance?: Instance; timeoutMs?: number } = {},
): Promise<{ out: Outcome; instance: Instance } | null> {
  let instance = opts.instance ?? ctx.router.pick();
  if (!instance) return null;
  const attempt = async (inst: Instance, retry: boolean) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (person) {
      headers.cookie = person.cookie;
      headers['x-forwarded-for'] = person.ip;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    // A browser on the site sends its Origin with every state-changing request.
    if (method !== 'GET') headers.origin = inst.origin;
    const out = await request(ctx.router.agent(inst), inst.url, {
      method,
      path,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: opts.timeoutMs ?? 15_000,
    });
    // Behind HAProxy, the instance that answered is the one it names (tests/load/haproxy.ts).
    const servedBy = out.headers['x-served-by'];
    const rec: Rec = { action, instance: (typeof servedBy === 'string' && servedBy) || inst.name, person: person?.index ?? -1, out, retry };
    ctx.ledger.records.push(rec);
    return rec;
  };
  const first = await attempt(instance, false);
  let out = first.out;
  const unanswered = out.status === 0 && !out.partial && (out.error === 'ECONNREFUSED' || out.error === 'ECONNRESET');
  if (unanswered && !opts.instance) {
    if (out.error === 'ECONNREFUSED') ctx.router.remove(instance);
    const other = ctx.router.pick(instance);
    if (other && other !== instance) {
      instance = other;
      first.retriedAs = await attempt(other, true);
      out = first.retriedAs.out;
    }
  }
  return { out, instance };
}

function json<T>(out: Outcome): T | null {
  try {
    return JSON.parse(out.body) as T;
  } catch {
    return null;
  }
}

interface PersonState {
  liked: Map<string, boolean>;
  sharedIdea: boolean;
  sharedProduct: boolean;
  messages: number;
  shares: number;
  cursor: string | null;
}

/** Weights of the actions (out of 100). */
const MIX: [string, number][] = [
  ['browse', 28],
  ['search', 14],
  ['details', 24],
  ['like', 16],
  ['message', 12],
  ['share', 6],
];

export async function personLoop(ctx: TrafficContext, p: Person, until: number): Promise<void> {
  const s: PersonState = { liked: new Map(), sharedIdea: false, sharedProduct: false, messages: 0, shares: 0, cursor: null };
  // Spread the first actions over the first second.
  await sleep(Math.random() * 1000);
  while (performance.now() < until) {
    let roll = Math.random() * 100;
    let action = 'browse';
    for (const [name, w] of MIX) {
      if (roll < w) {
        action = name;
        break;
      }
      roll -= w;
    }
    await act(ctx, p, s, action);
    const [lo, hi] = ctx.thinkMs;
    await sleep(lo + Math.random() * (hi - lo));
  }
}

async function act(ctx: TrafficContext, p: Person, s: PersonState, action: string): Promise<void> {
  const anyItem = () => (ctx.items.length && Math.random() < 0.9 ? pickOne(ctx.items) : pickOne(p.ownItems));
  switch (action) {
    case 'browse': {
      const category = pickOne(['all', 'all', 'idea', 'product']);
      const q = new URLSearchParams({ category, limit: '20' });
      if (s.cursor && Math.random() < 0.4) q.set('cursor', s.cursor);
      const r = await send(ctx, p, 'browse', 'GET', `/api/ideas?${q}`);
      if (r?.out.status === 200) s.cursor = json<{ nextCursor: string | null }>(r.out)?.nextCursor ?? null;
      return;
    }
    case 'search': {
      const q = new URLSearchParams({ q: pickOne(SEARCH_WORDS), limit: '20' });
      await send(ctx, p, 'search', 'GET', `/api/ideas?${q}`);
      return;
    }
    case 'details': {
      const id = anyItem();
      const r = await send(ctx, p, 'details', 'GET', `/api/ideas/${id}`);
      if (r?.out.status === 200 && json<{ fullAccess: boolean }>(r.out)?.fullAccess) {
        await send(ctx, p, 'discussion', 'GET', `/api/ideas/${id}/messages?limit=20`);
      }
      return;
    }
    case 'like': {
      const id = anyItem();
      const liked = s.liked.get(id) ?? false;
      const want = !liked;
      const key = ctx.ledger.likeKey(p.id, id);
      const entry = ctx.ledger.likes.get(key) ?? { person: p.id, ideaId: id, liked: false };
      ctx.ledger.likes.set(key, entry);
      const r = await send(ctx, p, want ? 'like' : 'unlike', want ? 'PUT' : 'DELETE', `/api/ideas/${id}/like`);
      const body = r?.out.status === 200 ? json<{ liked: boolean; likeCount: number }>(r.out) : null;
      if (body && body.liked === want) {
        entry.liked = want;
        s.liked.set(id, want);
      } else {
        // No success answer: the outcome is unknown until the next success answer for this pair.
        entry.liked = null;
      }
      return;
    }
    case 'message': {
      const id = p.premium ? (Math.random() < 0.35 ? pickOne(ctx.hotItems) : anyItem()) : pickOne(p.ownItems);
      s.messages++;
      const content = `Load message ${ctx.round ?? ''}${p.index}-${s.messages}: how would the ${pickOne(TOPICS)} reach more people?`;
      const attempt: MessageAttempt = { person: p.index, ideaId: id, content, id: null, out: null };
      ctx.ledger.messages.push(attempt);
      const r = await send(ctx, p, 'message', 'POST', `/api/ideas/${id}/messages`, { content });
      attempt.out = r?.out ?? null;
      if (r?.out.status === 201) {
        const body = json<{ id: number; content: string }>(r.out);
        if (body && body.content === content) attempt.id = body.id;
      }
      return;
    }
    case 'share': {
      if (ctx.noShare.has(p.index)) return;
      const category: 'idea' | 'product' = !s.sharedIdea ? 'idea' : !s.sharedProduct ? 'product' : pickOne(['idea', 'product']);
      s.shares++;
      const topic = pickOne(TOPICS);
      const title = `${topic[0]!.toUpperCase()}${topic.slice(1)} shared by person ${p.index} ref ${s.shares}x${Date.now() % 100000}`;
      const attempt: ShareAttempt = { person: p.index, personId: p.id, title, category, ideaId: null, couponCode: null, status: 0, out: null };
      ctx.ledger.shares.push(attempt);
      const r = await send(ctx, p, 'share', 'POST', '/api/ideas', {
        category,
        title,
        description: `A ${topic} that ${p.name} wants to build with partners in the local market this year.`,
        price: 1000 + (p.index % 50) * 100,
        currency: 'NGN',
        imageUrl: null,
      });
      attempt.out = r?.out ?? null;
      attempt.status = r?.out.status ?? 0;
      if (r?.out.status === 201) {
        const body = json<{ idea: { id: string; title: string }; coupon: { code: string } }>(r.out);
        if (body?.idea?.id) {
          attempt.ideaId = body.idea.id;
          attempt.couponCode = body.coupon?.code ?? null;
          ctx.items.push(body.idea.id);
          p.ownItems.push(body.idea.id);
        }
        if (category === 'idea') s.sharedIdea = true;
        else s.sharedProduct = true;
      } else if (r?.out.status === 429 && errorCode(r.out.body) === 'cooldown') {
        if (category === 'idea') s.sharedIdea = true;
        else s.sharedProduct = true;
      }
      return;
    }
  }
}
