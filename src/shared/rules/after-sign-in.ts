/**
 * What a person pressed before being asked to sign in (issue 27 point 5): the item's page they
 * come back to carries it as `?then=<action>`, and `#<section>` where they pressed. Back on the
 * item and signed in, the page does it (like, save) or opens it (contact, unlock, buy, the
 * discussion box), then drops the parameter. One way back for every prompt of an item.
 */
const SECTIONS = {
  like: null,
  save: null,
  buy: null,
  contact: 'creator',
  unlock: 'description',
  discuss: 'discussion',
} as const satisfies Record<string, string | null>;

export type AfterSignIn = keyof typeof SECTIONS;

export const THEN_PARAM = 'then';

/** The item's page to come back to, doing `action` there (`section`: where it was pressed, when not its usual place). */
export function itemReturnPath(ideaId: string, action: AfterSignIn, section: string | null = SECTIONS[action]): string {
  return `/ideas/${encodeURIComponent(ideaId)}?${THEN_PARAM}=${action}${section ? `#${section}` : ''}`;
}

/** The action a page's `?then=` names, or null. */
export function afterSignInIn(params: URLSearchParams): AfterSignIn | null {
  const value = params.get(THEN_PARAM);
  return value !== null && Object.hasOwn(SECTIONS, value) ? (value as AfterSignIn) : null;
}
