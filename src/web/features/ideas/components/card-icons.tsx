import { Bookmark, Heart, Mail, MessageCircle, Share2, Star } from 'lucide-react';

/** Lucide's icons with a filled variant (a rated star, a saved bookmark): their fill is the text colour. */
const ICONS = {
  star: <Star />,
  'star-filled': <Star fill="currentColor" />,
  heart: <Heart />,
  comment: <MessageCircle />,
  share: <Share2 />,
  mail: <Mail />,
  bookmark: <Bookmark />,
  'bookmark-filled': <Bookmark fill="currentColor" />,
} as const;

export type CardIconName = keyof typeof ICONS;

/**
 * The cards' icons once per list as <symbol>s (issue 18): each card refers to them with <use>
 * instead of carrying its own copy of six icons' paths (120 inline SVGs on home, a large part of
 * the document and of what hydration walks). Rendered by CardActionsProvider.
 */
export function CardIconSprite() {
  return (
    <svg aria-hidden focusable="false" width="0" height="0" className="absolute size-0 overflow-hidden">
      {Object.entries(ICONS).map(([name, icon]) => (
        <symbol key={name} id={`card-icon-${name}`} viewBox="0 0 24 24">
          {icon}
        </symbol>
      ))}
    </svg>
  );
}

/** One of the cards' icons (decorative: name the button or text around it). */
export function CardIcon({ name, className }: { name: CardIconName; className: string }) {
  return (
    <svg aria-hidden focusable="false" className={className}>
      <use href={`#card-icon-${name}`} />
    </svg>
  );
}
