import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildSprite, importedIconNames } from '../../../../scripts/vite-icon-sprite.mjs';
import { spriteIcon } from './sprite-icon';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('icons by reference to the sprite', () => {
  const Heart = spriteIcon('/assets/icons.test.svg#heart', 'icon-ref lucide-heart', 'Heart');

  it('are decorative by default, keep their sizing classes and point at their symbol', () => {
    expect(renderToStaticMarkup(<Heart className="size-4" />)).toBe(
      '<svg class="icon-ref lucide-heart size-4" aria-hidden="true"><use href="/assets/icons.test.svg#heart"></use></svg>',
    );
  });

  it('are announced when they are given a name, and draw a fill, colour or size passed to them', () => {
    const named = renderToStaticMarkup(<Heart aria-label="Liked" fill="currentColor" size={16} />);
    expect(named).not.toContain('aria-hidden');
    expect(named).toContain('aria-label="Liked"');
    expect(named).toContain('style="width:16px;height:16px;fill:currentColor"');
  });

  it("hold every icon the web app imports, drawn from lucide-react's own paths", () => {
    const names = importedIconNames(path.join(root, 'src/web'));
    expect(names).toEqual(expect.arrayContaining(['Heart', 'Bookmark', 'Star']));
    const sprite = buildSprite(names, root);
    for (const name of names) expect(sprite.text).toContain(`<symbol id="${sprite.icons.get(name)!.id}" viewBox="0 0 24 24">`);
    // Lucide's heart, as lucide-react draws it; no stroke style in the sprite (only an icon's own
    // filled dots), so the page's classes decide.
    expect(sprite.text).toMatch(/<symbol id="heart" viewBox="0 0 24 24"><path d="M2 9\.5a5\.5 5\.5 0 0 1 9\.591-3\.676[^"]*"><\/path><\/symbol>/);
    expect(sprite.text).not.toMatch(/stroke|fill="none"/);
    expect(sprite.fileName).toMatch(/^assets\/icons\.[0-9a-f]{8}\.svg$/);
  });
});
