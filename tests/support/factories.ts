/** Small factories: each test makes the rows it needs, with unique values. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { ideas, profiles, users } from '../../src/server/db/schema.ts';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface UserFactoryInput {
  name?: string | null;
  email?: string;
  role?: 'admin' | 'moderator' | 'user';
  contactInfo?: string | null;
  emailVerified?: boolean;
  /** When they joined (default: now, to the millisecond: people made in one millisecond tie on it). */
  createdAt?: Date;
}

export async function createUser(db: Db, input: UserFactoryInput = {}) {
  const id = randomUUID();
  const email = input.email ?? `user-${next()}@example.test`;
  const name = input.name === undefined ? 'Ada Lovelace' : input.name;
  await db.insert(users).values({
    id,
    name: name ?? '',
    email,
    emailVerified: input.emailVerified ?? true,
    role: input.role ?? 'user',
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  await db.insert(profiles).values({
    userId: id,
    email,
    fullName: name,
    contactInfo: input.contactInfo === undefined ? 'ada@contact.test' : input.contactInfo,
  });
  return { id, email, name };
}

export interface IdeaFactoryInput {
  userId: string;
  title?: string;
  description?: string;
  price?: number;
  currency?: 'NGN' | 'USD' | 'EUR';
  category?: 'idea' | 'product';
  createdAt?: Date;
  imageUrl?: string | null;
}

export async function createIdea(db: Db, input: IdeaFactoryInput) {
  const [row] = await db
    .insert(ideas)
    .values({
      userId: input.userId,
      title: input.title ?? `A solar powered water pump ${next()}`,
      description:
        input.description ?? 'A pump that runs on sunlight so farmers can water crops without buying fuel every week.',
      price: input.price ?? 1500,
      currency: input.currency ?? 'NGN',
      category: input.category ?? 'idea',
      imageUrl: input.imageUrl ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('idea not created');
  return row;
}
