/** The app's routes (SPEC §2), shared so the server can answer unknown paths with a real 404. */
export const APP_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/auth\/?$/,
  /^\/auth\/(reset-password|verified)\/?$/,
  /^\/about\/?$/,
  /^\/privacy\/?$/,
  /^\/terms\/?$/,
  /^\/dashboard\/?$/,
  /^\/profile\/?$/,
  /^\/create-idea\/?$/,
  /^\/ideas?\/[^/]+\/?$/,
  /^\/makers\/[^/]+\/?$/,
  /^\/admin(\/.*)?$/,
  /^\/coupons\/redeem\/?$/,
  /^\/dev\/outbox\/?$/,
  /^\/notifications\/?$/,
  /^\/messages\/[^/]+\/?$/,
  /^\/unsubscribe\/?$/,
  /^\/newsletter\/(confirm|unsubscribe)\/?$/,
];

export function isAppRoute(pathname: string): boolean {
  return APP_ROUTE_PATTERNS.some((p) => p.test(pathname));
}
