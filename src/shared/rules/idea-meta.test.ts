import { describe, expect, it } from 'vitest';
import { ideaMetaDescription, ideaPageTitle } from './idea-meta.ts';

describe('idea page head', () => {
  it('titles the page "{title} | Idea Details"', () => {
    expect(ideaPageTitle('Solar cold rooms')).toBe('Solar cold rooms | Idea Details');
  });

  it('describes with the title plus the first 150 characters, whitespace collapsed', () => {
    const description = `${'a'.repeat(149)}\n\nbcdef`;
    expect(ideaMetaDescription('Title', description)).toBe(`Title ${'a'.repeat(149)}`);
    expect(ideaMetaDescription('Title', 'Short  text\twith   gaps')).toBe('Title Short text with gaps');
  });

  it('counts emoji as one character and never cuts one in half', () => {
    const out = ideaMetaDescription('T', '😀'.repeat(200));
    expect([...out.slice(2)]).toHaveLength(150);
    expect(out.endsWith('😀')).toBe(true);
  });
});
