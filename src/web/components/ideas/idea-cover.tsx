import type { IdeaCard } from '@shared/schemas/ideas';
import { Lightbulb, Package } from 'lucide-react';
import type { ReactNode } from 'react';

export type CoverLoad = 'high' | 'eager' | 'lazy';

/** How a list's card at `index` fetches its picture: only the first competes with the page's CSS; the rest of a wide screen's first row come at once. */
export const coverLoadAt = (index: number): CoverLoad => (index === 0 ? 'high' : index < 4 ? 'eager' : 'lazy');

/** The frame every card picture sits in: wide on phones (a card stays under ~360 px), 4:3 from 640 px. */
export const COVER_FRAME = 'aspect-[5/2] sm:aspect-[4/3]';

interface IdeaCoverProps {
  /** The picture (a card's thumbnail, or the form's preview); none: a typographic cover. */
  src: string | null;
  title: string;
  category: IdeaCard['category'];
  /**
   * 'high': the page's likely largest paint (fetched first, preloaded by React); 'eager': on screen
   * at once on some widths, fetched at normal priority; 'lazy' (default): fetched when near.
   */
  load?: CoverLoad;
  alt?: string;
  onError?: () => void;
  /** The frame's aspect classes (default: a card's, COVER_FRAME) and the picture's intrinsic size. */
  frame?: string;
  width?: number;
  height?: number;
  /** Drawn over the picture (the category badge). */
  children?: ReactNode;
}

/**
 * An item's picture as its card shows it (issue 15 point 11), also the share form's preview: the
 * whole picture (object-contain, never a centre crop that cuts a portrait's top) on a blurred,
 * enlarged copy of itself, so the bands around it carry the picture's own colours. Without a
 * picture, a typographic cover: the title set large on the category's tint.
 */
export function IdeaCover({ src, title, category, load = 'lazy', alt = '', onError, frame = COVER_FRAME, width = 640, height = 480, children }: IdeaCoverProps) {
  return (
    <div className={`cover ${frame}`}>
      {src ? (
        <>
          {/* The picture first (what a reader and a query for the card's image find), its blur behind. */}
          <img
            src={src}
            alt={alt}
            width={width}
            height={height}
            loading={load === 'lazy' ? 'lazy' : 'eager'}
            decoding="async"
            fetchPriority={load === 'high' ? 'high' : 'auto'}
            onError={onError}
            className="cover-img"
          />
          <img src={src} alt="" aria-hidden loading={load === 'lazy' ? 'lazy' : 'eager'} decoding="async" className="cover-blur" />
        </>
      ) : (
        <div
          aria-hidden
          className={category === 'product' ? 'cover-art cover-art-product' : 'cover-art'}
        >
          {category === 'product' ? (
            <Package className="size-6 text-amber-700 dark:text-amber-300" aria-hidden />
          ) : (
            <Lightbulb className="text-primary size-6" aria-hidden />
          )}
          <p className="cover-title">{title}</p>
        </div>
      )}
      {children}
    </div>
  );
}
