import { Bookmark, Heart, Mail, MessageCircle, Share2, Star } from 'lucide-react';

/** Lucide's icons with a filled variant (a rated star, a saved bookmark): their fill is the text colour. */
const ICONS = {
  star: [Star, undefined],
  'star-filled': [Star, 'currentColor'],
  heart: [Heart, undefined],
  comment: [MessageCircle, undefined],
  share: [Share2, undefined],
  mail: [Mail, undefined],
  bookmark: [Bookmark, undefined],
  'bookmark-filled': [Bookmark, 'currentColor'],
} as const;

export type CardIconName = keyof typeof ICONS;

/**
 * One of the cards' icons (decorative: name the button or text around it). In a build every
 * lucide icon is a reference to the build's icon sprite (components/icons/sprite-icon.tsx), so
 * twenty cards carry no copies of their paths.
 */
export function CardIcon({ name, className }: { name: CardIconName; className: string }) {
  const [Icon, fill] = ICONS[name];
  return fill ? <Icon aria-hidden focusable="false" className={className} fill={fill} /> : <Icon aria-hidden focusable="false" className={className} />;
}
