import { defineScreen, lazyPage } from '../route';

/** Every address that is no other screen's: the spec's 404 page, with status 404. */
export default defineScreen({
  path: '*',
  layout: 'site',
  render: 'server',
  status: 404,
  meta: { title: 'Page not found | IdeaHub', description: 'The page you are looking for does not exist on IdeaHub.' },
  page: lazyPage(import.meta.glob('../../features/marketing/pages/not-found-page.tsx')),
});
