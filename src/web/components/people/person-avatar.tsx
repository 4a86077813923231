import { initials } from '@shared/format';
import { cn } from '../../lib/cn';

/**
 * Background colours for initials, each dark enough for white text (WCAG AA) in light and dark
 * themes; a person always gets the same one (chosen from their id).
 */
const COLOURS = ['#b91c1c', '#c2410c', '#a16207', '#4d7c0f', '#15803d', '#0f766e', '#0369a1', '#1d4ed8', '#6d28d9', '#a21caf', '#be123c', '#475569'];

/** A stable colour for a person (an FNV-1a hash of their id, or of their name when there is no id). */
export function avatarColourOf(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return COLOURS[(hash >>> 0) % COLOURS.length]!;
}

const SIZES = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-16 text-xl',
  xl: 'size-20 text-2xl',
} as const;

export interface PersonAvatarProps {
  person: { id: string | null; name: string | null; avatarUrl?: string | null };
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * A person's face: their profile photo, or their initials on their colour. Decorative (the name is
 * always written beside it, or given to screen readers by the control it sits in), and a plain
 * image, so it is there in the server's page before any JavaScript runs.
 */
export function PersonAvatar({ person, size = 'sm', className }: PersonAvatarProps) {
  // Merged only when a caller adds classes: twenty cards on home draw one each.
  const box = className ? cn('avatar', SIZES[size], className) : `avatar ${SIZES[size]}`;
  if (person.avatarUrl) {
    return <img src={person.avatarUrl} alt="" aria-hidden className={`${box} bg-muted object-cover`} loading="lazy" decoding="async" />;
  }
  return (
    <span aria-hidden className={`${box} text-white`} style={{ backgroundColor: avatarColourOf(person.id ?? person.name ?? '?') }}>
      {initials(person.name, null)}
    </span>
  );
}
