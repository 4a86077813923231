/** Ids in paths and cursors. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are UUIDs; anything else is simply not found (never a database error). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
