import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/dev/outbox',
  layout: 'bare',
  render: 'browser',
  meta: { title: 'Development outbox | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/dev-outbox/pages/outbox-page.tsx')),
});
