import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/create-idea',
  layout: 'site',
  render: 'browser',
  signedIn: true,
  meta: { title: 'Share an Idea or Product | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/create-idea/pages/create-idea-page.tsx')),
});
