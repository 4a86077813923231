// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { Analytics } from '@shared/schemas/admin';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '../../../../../tests/support/web-app';
import AnalyticsPage from './analytics-page';

/** jsdom has no layout: the chart's size watcher is a browser's that never reports. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const analytics: Analytics = {
  generatedAt: new Date().toISOString(),
  growth: { users: 10, content: -5, newUsers: { current: 11, previous: 10 }, newContent: { current: 19, previous: 20 } },
  engagement: { rate: 150, totalInteractions: 60 },
  quality: { ideasPerUser: 1.3, activeCreators: 12 },
  distribution: { ideas: 30, products: 22, ideasPercent: 57.7, productsPercent: 42.3 },
  health: { totalUsers: 40, totalIdeas: 52, totalLikes: 60, engagement: 150 },
  recent: { newUsers: 11, newContent: 19, total: 30 },
  series: { days: 30, points: [] },
};

/** The figure a card shows under this label. */
function figure(card: HTMLElement, label: string) {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('AnalyticsPage', () => {
  it('labels the engagement figure as likes per 100 people and counts ideas and products as items', async () => {
    fakeApi({ 'GET /api/admin/analytics': analytics });
    renderApp(<AnalyticsPage />);
    const engagement = (await screen.findByRole('heading', { name: 'User Engagement' })).closest('[data-slot=card]') as HTMLElement;
    expect(await within(engagement).findByText('Likes per 100 people')).toBeInTheDocument();
    expect(figure(engagement, 'Likes per 100 people')).toBe('150.0');

    const health = screen.getByRole('heading', { name: 'Platform Health' }).closest('[data-slot=card]') as HTMLElement;
    expect(figure(health, 'Total items')).toBe('52');
    expect(figure(health, 'Likes per 100 people')).toBe('150.0');
    expect(within(health).queryByText('Total ideas')).toBeNull();
    expect(screen.queryByText(/%$/, { selector: 'dd' })).toBeNull();
  });
});

describe('AnalyticsPage growth over time', () => {
  it('shows the platform’s views per day beside new users and new content, in the legend and the table', async () => {
    const points = [
      { date: '2026-11-27', users: 2, content: 1, views: 40 },
      { date: '2026-11-28', users: 0, content: 3, views: 75 },
    ];
    fakeApi({ 'GET /api/admin/analytics': { ...analytics, series: { days: 30, points } } });
    renderApp(<AnalyticsPage />);
    const table = await screen.findByRole('table', { name: 'New users, new content and views per day' });
    expect(within(table).getByRole('columnheader', { name: 'Views' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['0', '3', '75'],
      ['2', '1', '40'],
    ]);
    expect(screen.getByRole('group', { name: /115 views in total/ })).toBeInTheDocument();
  });
});
