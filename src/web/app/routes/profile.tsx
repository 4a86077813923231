import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/profile',
  layout: 'site',
  render: 'browser',
  signedIn: true,
  meta: { title: 'Profile | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/profile/pages/profile-page.tsx')),
});
