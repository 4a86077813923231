import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/auth/verified',
  layout: 'bare',
  render: 'browser',
  meta: { title: 'Email confirmation | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/auth/pages/verified-page.tsx')),
});
