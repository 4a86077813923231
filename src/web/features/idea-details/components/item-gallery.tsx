import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type TouchEvent, useRef, useState } from 'react';
import type { IdeaDetail } from '@shared/schemas/ideas';
import { IdeaCover } from '../../../components/ideas/idea-cover';
import { Button } from '../../../components/ui/button';

/** How far a finger must travel sideways to turn the picture (px). */
const SWIPE_MIN = 40;

/**
 * The item's pictures on its details page (issue 27): the cover first; with more than one, arrows,
 * the arrow keys (the region takes focus), a swipe and a counter ('2 / 5') move through them.
 */
export function ItemGallery({ idea }: { idea: Pick<IdeaDetail, 'title' | 'category' | 'imageUrl' | 'images'> }) {
  const images = idea.images.length > 0 ? idea.images : idea.imageUrl ? [{ url: idea.imageUrl, thumbnailUrl: idea.imageUrl }] : [];
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  const count = images.length;
  const current = images[Math.min(index, Math.max(0, count - 1))];
  const cover = (src: string | null, n: number) => (
    <IdeaCover
      src={src}
      title={idea.title}
      category={idea.category}
      alt={count > 1 ? `${idea.title}, picture ${n} of ${count}` : idea.title}
      load={n === 1 ? 'high' : 'lazy'}
      frame="aspect-[4/3]"
      width={1200}
      height={900}
    />
  );
  if (count <= 1) return <div className="bg-muted overflow-hidden rounded-2xl border">{cover(current?.url ?? null, 1)}</div>;

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'Home') setIndex(0);
    else if (e.key === 'End') setIndex(count - 1);
    else return;
    e.preventDefault();
  };
  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN) return;
    go(end < start ? 1 : -1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Pictures of ${idea.title}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      className="bg-muted focus-visible:ring-ring relative overflow-hidden rounded-2xl border focus-visible:ring-2 focus-visible:outline-none"
      data-testid="item-gallery"
    >
      <div key={current?.url}>{cover(current?.url ?? null, index + 1)}</div>
      <Button type="button" variant="secondary" size="icon" className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full shadow-md" aria-label="Previous picture" onClick={() => go(-1)}>
        <ChevronLeft aria-hidden />
      </Button>
      <Button type="button" variant="secondary" size="icon" className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full shadow-md" aria-label="Next picture" onClick={() => go(1)}>
        <ChevronRight aria-hidden />
      </Button>
      <p className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2.5 py-0.5 text-xs font-medium text-white tabular-nums" aria-live="polite" aria-atomic="true">
        <span className="sr-only">Picture </span>
        {index + 1} / {count}
      </p>
    </section>
  );
}
