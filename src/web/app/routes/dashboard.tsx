import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/dashboard',
  layout: 'site',
  render: 'browser',
  signedIn: true,
  meta: { title: 'Dashboard | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/dashboard/pages/dashboard-page.tsx')),
});
