/**
 * The simulated people and the items they find: made straight in the database (the rows a
 * confirmed sign-up leaves: user, profile, credential account with an argon2id hash; and items as
 * a share leaves them: the item, its discussion and its author's coupon), then each person signs
 * in for real over HTTP. Sign-up over HTTP would need 200 confirmation mails; what is under test
 * here is the traffic after that.
 */
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import pg from 'pg';
import { hashPassword } from '../../src/server/lib/password.ts';
import { request } from './http.ts';
import type { Instance } from './instances.ts';

export const PASSWORD = 'load test password 123';

export interface Person {
  index: number;
  id: string;
  email: string;
  name: string;
  /** Its own X-Forwarded-For: every person is its own client address for the rate limits. */
  ip: string;
  /** More than 20 items: reads and writes every discussion. */
  premium: boolean;
  /** Items the person owns (it may always write in their discussions). */
  ownItems: string[];
  /** Cookie header value carrying the session (one session, used on every instance). */
  cookie: string;
}

const FIRST = ['Ada', 'Bola', 'Chidi', 'Dayo', 'Efe', 'Funke', 'Gbenga', 'Halima', 'Ifeoma', 'Jide', 'Kemi', 'Lola', 'Musa', 'Ngozi', 'Obi', 'Tunde'];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ibrahim', 'Nwosu', 'Ogunleye', 'Usman', 'Balogun', 'Chukwu'];
export const TOPICS = ['solar water pump', 'cassava processing', 'mobile clinic', 'school tablet', 'fish farming', 'rice milling', 'market delivery app', 'recycled plastic bricks', 'poultry feed', 'water filter'];
/** Words of item titles that searches look for. */
export const SEARCH_WORDS = ['solar', 'cassava', 'clinic', 'tablet', 'fish', 'rice', 'delivery', 'plastic', 'poultry', 'filter', 'pump', 'farm', 'nothing-matches-this'];

export interface SeedResult {
  people: Person[];
  /** Every item id, seeded. */
  items: string[];
}

/**
 * `count` people; those `premium(i)` says get 21 items each (premium), the others one item each,
 * all older than the share cooldowns (so every person may share once more per category).
 */
export async function seed(databaseUrl: string, count: number, premium: (index: number) => boolean): Promise<SeedResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    const people: Person[] = [];
    for (let i = 0; i < count; i++) {
      const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
      people.push({
        index: i,
        id: randomUUID(),
        email: `person${i}@load.test`,
        name,
        ip: `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`,
        premium: premium(i),
        ownItems: [],
        cookie: '',
      });
    }
    await client.query('begin');
    await client.query(
      `insert into users (id, name, email, email_verified, role)
       select * from unnest($1::text[], $2::text[], $3::text[]) as t(id, name, email), (values (true, 'user')) v(ev, role)`,
      [people.map((p) => p.id), people.map((p) => p.name), people.map((p) => p.email)],
    );
    await client.query(
      `insert into profiles (user_id, email, full_name, contact_info)
       select id, email, name, 'Call ' || name from unnest($1::text[], $2::text[], $3::text[]) as t(id, name, email)`,
      [people.map((p) => p.id), people.map((p) => p.name), people.map((p) => p.email)],
    );
    await client.query(
      `insert into accounts (id, account_id, provider_id, user_id, password)
       select gen_random_uuid()::text, id, 'credential', id, $2 from unnest($1::text[]) as t(id)`,
      [people.map((p) => p.id), hash],
    );
    // Items: 21 for premium people, 1 for the others; created 4 to 34 days ago.
    const owners: string[] = [];
    const titles: string[] = [];
    const categories: string[] = [];
    const ages: number[] = [];
    let n = 0;
    for (const p of people) {
      const k = p.premium ? 21 : 1;
      for (let j = 0; j < k; j++) {
        owners.push(p.id);
        titles.push(`${TOPICS[n % TOPICS.length]} plan ${n}`);
        categories.push(n % 3 === 0 ? 'product' : 'idea');
        ages.push(4 * 86_400 + ((n * 7919) % (30 * 86_400)));
        n++;
      }
    }
    const { rows } = await client.query<{ id: string; user_id: string }>(
      `insert into ideas (user_id, title, description, price, currency, category, created_at, updated_at)
       select owner, initcap(substr(title, 1, 1)) || substr(title, 2),
              'A practical ' || title || ' that helps small businesses grow and serve their neighbours better every day.',
              (ord * 37) % 50000, 'NGN', category, now() - make_interval(secs => age), now() - make_interval(secs => age)
       from unnest($1::text[], $2::text[], $3::text[], $4::int[]) with ordinality as t(owner, title, category, age, ord)
       returning id, user_id`,
      [owners, titles, categories, ages],
    );
    await client.query(`insert into idea_discussions (idea_id, created_at) select id, created_at from ideas`);
    await client.query(
      `insert into coupons (code, assigned_to, idea_id, created_at)
       select 'SEED-' || upper(substr(replace(id::text, '-', ''), 1, 12)), user_id, id, created_at from ideas`,
    );
    await client.query('commit');
    await client.query('analyze');
    const byOwner = new Map(people.map((p) => [p.id, p]));
    for (const r of rows) byOwner.get(r.user_id)?.ownItems.push(r.id);
    return { people, items: rows.map((r) => r.id) };
  } finally {
    await client.end();
  }
}

/** Signs every person in over HTTP (better-auth, argon2 verification), a few at a time over the instances. */
export async function signInAll(people: Person[], instances: Instance[], agents: Map<string, http.Agent>): Promise<void> {
  let next = 0;
  const worker = async (w: number) => {
    for (;;) {
      const p = people[next++];
      if (!p) return;
      const inst = instances[(p.index + w) % instances.length]!;
      let lastError = '';
      for (let attempt = 0; attempt < 5; attempt++) {
        const res = await request(agents.get(inst.name)!, inst.url, {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { origin: inst.origin, 'content-type': 'application/json', 'x-forwarded-for': p.ip },
          body: JSON.stringify({ email: p.email, password: PASSWORD }),
          timeoutMs: 30_000,
        });
        const cookie = (res.headers['set-cookie'] ?? [])
          .map((c) => c.split(';')[0]!.trim())
          .filter((pair) => pair.includes('session_token=') && !pair.endsWith('='))
          .join('; ');
        if (res.status === 200 && cookie) {
          p.cookie = cookie;
          break;
        }
        lastError = `${res.status} ${res.error ?? ''} ${res.body.slice(0, 200)}`;
      }
      if (!p.cookie) throw new Error(`sign-in of ${p.email} failed: ${lastError}`);
    }
  };
  await Promise.all([0, 1, 2, 3].map(worker));
}
