/** A person's name on the staff screens: their profile's full name, else their account's name, else null. */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const displayName = (fullName: AnyPgColumn, accountName: AnyPgColumn) =>
  sql<string | null>`coalesce(nullif(btrim(${fullName}), ''), nullif(btrim(${accountName}), ''))`;
