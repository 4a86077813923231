/**
 * better-auth runs sign-up (and the OAuth user + account creation) inside one database
 * transaction when its Drizzle adapter has `transaction: true`, but it never hands that
 * transaction to our hooks. This wrapper of the database it is given remembers the open
 * transaction for the code running inside it, so a hook can write in the same transaction
 * (the profile of a new user) and never waits on a second connection (PGlite has one, and a
 * query outside an open transaction would wait for it forever).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../../db/client.ts';

export interface TransactionScope {
  /** The database to give better-auth's adapter. */
  readonly db: Db;
  /** The transaction open in this async context, or the database itself. */
  current(): Db;
}

export function createTransactionScope(db: Db): TransactionScope {
  const open = new AsyncLocalStorage<Db>();
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return (fn: (tx: Db) => Promise<unknown>, config?: unknown) =>
          (target.transaction as (f: (tx: Db) => Promise<unknown>, c?: unknown) => Promise<unknown>)(
            (tx) => open.run(tx, () => fn(tx)),
            config,
          );
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: wrapped, current: () => open.getStore() ?? db };
}
