/**
 * `npm run demo`: fills an empty database with demo people, ideas and products (each with its own
 * picture, drawn here: demo-images.ts), likes, ratings and discussion messages. Does nothing when
 * people already exist.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, analyze } from '../db/client.ts';
import { accounts, coupons, ideaDiscussionMessages, ideaDiscussions, ideas, ideaTopics, likes, payments, payoutAccounts, profiles, ratings, topics, users } from '../db/schema.ts';
import { generateCouponCode } from '../features/coupons/codes.ts';
import { hashPassword } from '../lib/password.ts';
import { processImage, storeIdeaImage } from '../lib/storage.ts';
import { DEMO_ITEM_TOPICS, DEMO_ITEMS, DEMO_MESSAGES, DEMO_PASSWORD, DEMO_PEOPLE, DEMO_TOPICS } from './demo-content.ts';
import { demoImage } from './demo-images.ts';

/** Skills shown on the demo people's maker pages, by industry. */
const DEMO_SKILLS: Record<string, string[]> = {
  Technology: ['Product design', 'TypeScript', 'Payments'],
  Agriculture: ['Irrigation', 'Cold chain', 'Cooperatives'],
  Fashion: ['Textiles', 'Pattern making', 'Retail'],
  Energy: ['Solar', 'Mini-grids', 'Batteries'],
  Health: ['Community health', 'Diagnostics'],
  Design: ['Industrial design', 'Accessibility'],
  Education: ['Curriculum', 'Tutoring'],
  Logistics: ['Last-mile delivery', 'Routing'],
  Finance: ['Savings groups', 'Mobile money'],
  Construction: ['Low-cost housing', 'Bricks'],
  Retail: ['Merchandising', 'Point of sale'],
};

export interface DemoAccount {
  email: string;
  name: string;
  role: string;
}

export async function seedDemo(database: Database, now = new Date()): Promise<{ seeded: boolean; accounts: DemoAccount[] }> {
  const { db } = database;
  const people = DEMO_PEOPLE.map((p) => ({ email: p.email, name: p.name || '(no name)', role: p.role }));
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false, accounts: people };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = DEMO_PEOPLE.map(() => randomUUID());
  const joined = (i: number) => new Date(now.getTime() - (60 - i * 4) * 86_400_000);
  await db.insert(users).values(
    DEMO_PEOPLE.map((p, i) => ({ id: ids[i]!, name: p.name, email: p.email, emailVerified: true, role: p.role, createdAt: joined(i) })),
  );
  await db.insert(accounts).values(
    DEMO_PEOPLE.map((_, i) => ({ id: randomUUID(), accountId: ids[i]!, providerId: 'credential', userId: ids[i]!, password: passwordHash })),
  );
  await db.insert(profiles).values(
    DEMO_PEOPLE.map((p, i) => ({
      userId: ids[i]!,
      email: p.email,
      fullName: p.name || null,
      contactInfo: p.contact,
      industry: p.industry,
      // A short public bio and skills: what a maker page shows (issue 16).
      bio: p.industry ? `${p.name.split(' ')[0]} works in ${p.industry.toLowerCase()} and shares what could make it simpler, cheaper or greener.` : null,
      skills: p.industry ? DEMO_SKILLS[p.industry] ?? null : null,
      country: i % 3 === 0 ? 'Ghana' : 'Nigeria',
      createdAt: joined(i),
    })),
  );

  const ideaIds: string[] = [];
  for (const [i, [category, title, description, price, currency, rating]] of DEMO_ITEMS.entries()) {
    const owner = ids[(i % (ids.length - 1)) + 1]!;
    const image = await processImage(await demoImage(i, { title, category }));
    const imageUrl = await storeIdeaImage(db, owner, image, new Date(now.getTime() - i * 1000));
    // Spread over the last five weeks, newest first in list order.
    const createdAt = new Date(now.getTime() - i * 19 * 3_600_000 - 45 * 60_000);
    const [row] = await db
      .insert(ideas)
      .values({ userId: owner, title, description, price, currency, category, rating, imageUrl, createdAt, projectDetails: null })
      .returning({ id: ideas.id });
    ideaIds.push(row!.id);
  }

  // Topics, and each item's (issue 27).
  const topicRows = await db
    .insert(topics)
    .values(DEMO_TOPICS.map(([name, slug, description]) => ({ name, slug, description, createdAt: joined(0), updatedAt: joined(0) })))
    .returning({ id: topics.id, slug: topics.slug });
  const topicId = new Map(topicRows.map((t) => [t.slug, t.id]));
  const links = ideaIds.flatMap((ideaId, i) => (DEMO_ITEM_TOPICS[i] ?? []).map((slug, position) => ({ ideaId, topicId: topicId.get(slug)!, position })));
  if (links.length) await db.insert(ideaTopics).values(links);

  // Likes, ratings and messages, with the counters kept on ideas in step.
  for (const [i, ideaId] of ideaIds.entries()) {
    const likers = ids.filter((_, j) => (i + j) % 3 !== 0).slice(0, (i % 9) + 1);
    if (likers.length) await db.insert(likes).values(likers.map((userId) => ({ ideaId, userId })));
    const raters = ids.filter((_, j) => (i * 7 + j) % (2 + (i % 3)) === 0);
    // Community ratings cluster around the item's own rating (or 4), with some spread.
    const centre = DEMO_ITEMS[i]![5] ?? 4;
    const spread = [0, -1, 1, 0, -2, 1];
    if (raters.length)
      await db.insert(ratings).values(
        raters.map((userId, k) => ({ ideaId, userId, value: Math.min(5, Math.max(1, Math.round(centre) + spread[(i + k) % spread.length]!)) })),
      );
    const [discussion] = await db.insert(ideaDiscussions).values({ ideaId }).returning({ id: ideaDiscussions.id });
    const count = i % 4;
    for (let k = 0; k < count; k++) {
      await db.insert(ideaDiscussionMessages).values({
        discussionId: discussion!.id,
        userId: ids[(i + k + 2) % ids.length]!,
        content: DEMO_MESSAGES[(i + k) % DEMO_MESSAGES.length]!,
        createdAt: new Date(now.getTime() - i * 19 * 3_600_000 + (k + 1) * 600_000),
      });
    }
  }
  // Each share earned its author a coupon (some already used), and some people paid for items.
  const owners = DEMO_ITEMS.map((_, i) => ids[(i % (ids.length - 1)) + 1]!);
  await db.insert(coupons).values(
    ideaIds.map((ideaId, i) => ({
      code: generateCouponCode(),
      assignedTo: owners[i]!,
      ideaId,
      isUsed: i % 4 === 0,
      usedAt: i % 4 === 0 ? new Date(now.getTime() - i * 7 * 3_600_000) : null,
      createdAt: new Date(now.getTime() - i * 19 * 3_600_000 - 45 * 60_000),
    })),
  );
  const statuses = ['success', 'success', 'success', 'failed', 'pending', 'success', 'refunded'] as const;
  await db.insert(payments).values(
    Array.from({ length: 36 }, (_, k) => ({
      reference: `PAY-DEMO-${String(1000 + k)}`,
      userId: ids[(k * 5) % ids.length]!,
      ideaId: ideaIds[(k * 7) % ideaIds.length]!,
      amount: (k % 5 === 0 ? 2_500_000 : 150_000) + k * 12_500,
      currency: 'NGN',
      status: statuses[k % statuses.length]!,
      provider: 'test',
      failureReason: statuses[k % statuses.length] === 'failed' ? 'Declined on the test checkout' : null,
      createdAt: new Date(now.getTime() - k * 41 * 3_600_000),
    })),
  );
  // Every demo maker has set up payouts (the built-in test provider's banks), so their items can be bought.
  const banks = [
    ['044', 'Access Bank'],
    ['058', 'Guaranty Trust Bank'],
    ['057', 'Zenith Bank'],
  ] as const;
  await db.insert(payoutAccounts).values(
    [...new Set(owners)].map((userId, i) => {
      const accountNumber = String(1_000_000_000 + i * 7919);
      return {
        userId,
        provider: 'test',
        bankCode: banks[i % banks.length]![0],
        bankName: banks[i % banks.length]![1],
        accountNumber,
        accountName: `Test Account ${accountNumber.slice(-4)}`,
        subaccountCode: `ACCT_demo${String(i).padStart(4, '0')}`,
        platformFeePercent: 10,
      };
    }),
  );

  await db.execute(sql`
    update ideas set
      like_count = (select count(*) from likes where likes.idea_id = ideas.id),
      rating_count = (select count(*) from ratings where ratings.idea_id = ideas.id),
      rating_total = coalesce((select sum(value) from ratings where ratings.idea_id = ideas.id), 0),
      message_count = (select count(*) from idea_discussion_messages m join idea_discussions d on d.id = m.discussion_id where d.idea_id = ideas.id)`);
  await analyze(database);
  return { seeded: true, accounts: people };
}

export { DEMO_PASSWORD };
