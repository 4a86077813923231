import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_ITEMS } from './demo-content.ts';
import { DEMO_MOTIFS, demoImage, demoImageSvg } from './demo-images.ts';

describe('demo pictures', () => {
  it('gives every demo item a motif of its own and a picture unlike any other', () => {
    expect(DEMO_MOTIFS).toHaveLength(DEMO_ITEMS.length);
    expect(new Set(DEMO_MOTIFS).size).toBe(DEMO_MOTIFS.length);
    const svgs = DEMO_ITEMS.map(([category, title], i) => demoImageSvg(i, { title, category }));
    expect(new Set(svgs).size).toBe(svgs.length);
    // The same item is drawn the same way every time.
    expect(demoImageSvg(3, { title: DEMO_ITEMS[3]![1], category: DEMO_ITEMS[3]![0] })).toBe(svgs[3]);
  });

  it('draws a 4:3 JPEG, with a category mark for items past the motif list', async () => {
    const jpeg = await demoImage(DEMO_ITEMS.length + 2, { title: 'An extra product', category: 'product' });
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    const stats = await sharp(jpeg).stats();
    // Not a flat colour: the picture has something to look at.
    expect(stats.channels.some((c) => c.stdev > 10)).toBe(true);
  });
});
