// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { IdeaCard as IdeaCardData } from '@shared/schemas/ideas';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../../../tests/support/web-app';
import { IdeaCard } from './idea-card';

afterEach(cleanup);

const card = (over: Partial<IdeaCardData>): IdeaCardData => ({
  id: '0b7c6a4e-1f2d-4c3b-9a8e-7d6f5e4c3b2a',
  title: 'Solar cold rooms for markets',
  excerpt: 'Keeping produce fresh without the grid.',
  price: 2500,
  currency: 'NGN',
  category: 'idea',
  imageUrl: null,
  thumbnailUrl: null,
  rating: null,
  likeCount: 3,
  commentCount: 1,
  ratingAverage: null,
  ratingCount: 0,
  createdAt: new Date().toISOString(),
  creator: { id: 'u1', name: 'Ada Obi', avatarUrl: null, contactInfo: null },
  topics: [],
  ...over,
});

describe('IdeaCard', () => {
  it('writes the category one way, Idea or Product, with a picture and without', () => {
    const cases = [
      card({ category: 'idea' }),
      card({ id: '1b7c6a4e-1f2d-4c3b-9a8e-7d6f5e4c3b2a', category: 'product', thumbnailUrl: '/images/x-card.webp', imageUrl: '/images/x.webp' }),
      card({ id: '2b7c6a4e-1f2d-4c3b-9a8e-7d6f5e4c3b2a', category: 'product' }),
      card({ id: '3b7c6a4e-1f2d-4c3b-9a8e-7d6f5e4c3b2a', category: 'idea', thumbnailUrl: '/images/y-card.webp', imageUrl: '/images/y.webp' }),
    ];
    renderApp(
      <div>
        {cases.map((c) => (
          <IdeaCard key={c.id} idea={c} />
        ))}
      </div>,
    );
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(4);
    articles.forEach((article, i) => {
      const label = cases[i]?.category === 'product' ? 'Product' : 'Idea';
      // The text itself (not a CSS transform): what a reader hears and a copy takes.
      expect(within(article).getByText(label, { exact: true })).toBeInTheDocument();
      expect(within(article).queryByText(/^(idea|product)$/)).toBeNull();
    });
  });
});
