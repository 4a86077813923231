import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/auth/reset-password',
  layout: 'bare',
  render: 'browser',
  meta: { title: 'Choose a new password | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/auth/pages/reset-password-page.tsx')),
});
