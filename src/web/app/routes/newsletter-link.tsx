import { defineScreen, lazyPage } from '../route';

/** The newsletter's mail links: confirm (double opt-in) and unsubscribe; the page renders its own head. */
export default defineScreen({
  path: ['/newsletter/confirm', '/newsletter/unsubscribe'],
  layout: 'bare',
  render: 'browser',
  page: lazyPage(import.meta.glob('../../features/newsletter/pages/newsletter-link-page.tsx')),
});
