import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/notifications',
  layout: 'site',
  render: 'browser',
  signedIn: true,
  meta: { title: 'Notifications | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/notifications/pages/notifications-page.tsx')),
});
