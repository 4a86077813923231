/** The benchmarks' data: people and items with realistic words, likes, ratings and messages. */
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const RARE_WORD = 'zanzibarite';
export const RARE_COUNT = 7;
export const COMMON_WORD = 'water';

// ~300 everyday words; each description draws 20 to 39 of them, so any one word is in ~8% of items.
export const VOCABULARY = `solar water pump farm market phone app school health clinic bike delivery food fresh kit
  light battery cheap local smart green energy power home rent share ride book learn teach tutor
  online shop craft cloth fashion shoe bag repair service clean waste recycle plastic paper glass
  metal wood chair table bed house room office desk print design art music video film photo camera
  game sport team coach fitness gym yoga doctor nurse drug care baby child parent family friend
  community church mosque event party wedding travel bus taxi train road bridge city village town
  river lake sea fish chicken goat cow rice maize cassava yam bean tomato pepper onion oil salt sugar
  bread cake juice tea coffee milk honey egg meat grill kitchen cook chef recipe bakery restaurant
  hotel guest tourist guide map track parcel courier truck fuel gas electric grid wind sun rain
  weather crop seed soil tractor harvest storage cold room fridge ice solar panel inverter charger
  cable network internet wifi data cloud server code software website platform payment wallet bank
  loan saving credit insurance budget account invoice receipt tax trade export import shipping port
  customer client vendor supplier partner investor funding grant prize startup business company
  brand logo marketing advert radio television news paper blog podcast story write read library
  student exam result class lesson course skill job work hire worker staff salary shift schedule
  calendar reminder alarm clock watch security guard camera lock door gate fence wall paint roof
  tile floor cement sand brick block plumbing pipe tap well borehole tank filter purify drink bottle
  sachet cup plate spoon knife pot pan stove charcoal firewood smoke air clean cool fan heat warm
  blanket mattress pillow soap shampoo hair salon barber nail beauty cream perfume gift toy doll
  ball puzzle board chess card phone case screen repair spare part motor engine tyre car bus station`
  .split(/\s+/)
  .filter(Boolean);

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** Deterministic item ids, so likes, ratings and messages can name their item in the same SQL. */
const ITEM_ID = (g: string) => `md5('bench-idea-' || ${g})::uuid`;

export interface SeedOptions {
  items: number;
  people: number;
  /** false: items only (no likes, ratings, discussions, messages): the search-at-scale run. */
  engagement?: boolean;
}

export async function seed(pool: pg.Pool, { items: ITEMS, people: PEOPLE, engagement = true }: SeedOptions): Promise<void> {
  const started = performance.now();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await pool.query(sql, params);
    console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await step(
    'people',
    `insert into users (id, name, email, email_verified, role, created_at, updated_at)
     select 'bench-user-' || g, 'Bench Person ' || g, 'bench-' || g || '@example.test', true, 'user', now(), now()
     from generate_series(0, $1::int - 1) g`,
    [PEOPLE],
  );
  await step(
    'profiles',
    `insert into profiles (user_id, email, full_name, contact_info)
     select 'bench-user-' || g, 'bench-' || g || '@example.test',
            (array['Amara','Kwame','Chioma','Tunde','Fatima','Kofi','Zainab','Emeka'])[1 + g % 8] || ' ' ||
            (array['Okafor','Mensah','Eze','Balogun','Bello','Asante','Diallo','Nwosu'])[1 + (g / 8) % 8],
            'call 0803 555 ' || lpad((g % 10000)::text, 4, '0')
     from generate_series(0, $1::int - 1) g`,
    [PEOPLE],
  );
  // Random words per row: the inner generate_series refers to g, so it is evaluated per row.
  // Counters match the rows made below: g % 5 likes, g % 4 messages, g % 3 ratings.
  await step(
    'items',
    `insert into ideas (id, user_id, title, description, price, currency, category, rating, like_count, message_count,
                        rating_count, rating_total, created_at, updated_at)
     select ${ITEM_ID('g')}, 'bench-user-' || (g % $2::int),
            initcap(w[1 + floor(random() * n)::int]) || ' ' || w[1 + floor(random() * n)::int] || ' ' ||
              w[1 + floor(random() * n)::int] || ' ' || w[1 + floor(random() * n)::int],
            initcap(array_to_string(array(select w[1 + floor(random() * n)::int] from generate_series(1, 20 + (g % 20))), ' ')) || '.',
            round((random() * 100000)::numeric, 2),
            (array['NGN','USD','EUR'])[1 + (g % 3)],
            case when g % 3 = 0 then 'product' else 'idea' end,
            r.rating, g % 5, g % 4, g % 3, r.total,
            ts, ts
     from generate_series(1, $1::int) g,
          lateral (select now() - (g::double precision * interval '5 minutes') - random() * interval '4 minutes' as ts) t,
          lateral (select case g % 3 when 0 then 0 when 1 then 1 + g % 5 else (1 + g % 5) + (1 + (g + 1) % 5) end as total) rt,
          lateral (select case when g % 3 = 0 then 0 else round(rt.total::numeric / (g % 3), 1) end as rating, rt.total) r,
          (select $3::text[] as w, cardinality($3::text[]) as n) v`,
    [ITEMS, PEOPLE, VOCABULARY],
  );
  if (engagement) {
    await step(
      'likes',
        `insert into likes (idea_id, user_id, created_at)
       select ${ITEM_ID('g')}, 'bench-user-' || ((g * 7 + k * 13) % $2::int), now()
       from generate_series(1, $1::int) g, generate_series(0, 3) k where k < g % 5`,
      [ITEMS, PEOPLE],
    );
    await step(
      'ratings',
      `insert into ratings (idea_id, user_id, value)
       select ${ITEM_ID('g')}, 'bench-user-' || ((g * 11 + k * 17) % $2::int), 1 + (g + k) % 5
       from generate_series(1, $1::int) g, generate_series(0, 1) k where k < g % 3`,
      [ITEMS, PEOPLE],
    );
    await step(
      'discussions',
      `insert into idea_discussions (id, idea_id) select md5('bench-discussion-' || g)::uuid, ${ITEM_ID('g')} from generate_series(1, $1::int) g`,
      [ITEMS],
    );
    await step(
      'messages',
      `insert into idea_discussion_messages (discussion_id, user_id, content, created_at)
       select md5('bench-discussion-' || g)::uuid, 'bench-user-' || ((g * 5 + k * 19) % $2::int),
              initcap(array_to_string(array(select w[1 + floor(random() * n)::int] from generate_series(1, 6 + (g + k) % 12)), ' ')) || '?',
              now() - (g::double precision * interval '5 minutes') + (k + 1) * interval '1 minute'
       from generate_series(1, $1::int) g, generate_series(0, 2) k, (select $3::text[] as w, cardinality($3::text[]) as n) v
       where k < g % 4`,
      [ITEMS, PEOPLE, VOCABULARY],
    );
  }
  await step(
    'rare word',
    `update ideas set description = description || ' ${RARE_WORD} inside.'
     where id in (select id from ideas order by md5(id::text) limit ${RARE_COUNT})`,
  );
  await step('vacuum analyze', 'vacuum analyze');
  console.log(`seeded ${PEOPLE} people and ${ITEMS} items${engagement ? ' with likes, ratings and messages' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Sessions for `count` bench people (rows as sign-in makes them). */
export async function benchSessions(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ token: string }>(
    `insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
     select 'bench-session-' || g, md5(random()::text || g) || md5(g::text || random()::text), 'bench-user-' || g, now() + interval '30 days', now(), now()
     from generate_series(0, $1::int - 1) g returning token`,
    [count],
  );
  return rows.map((r) => r.token);
}

