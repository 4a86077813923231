import { defineScreen, lazyPage } from '../route';

/** The admin panel: its own chunk, with its own layout, sections (nested routes), heads and access check. */
export default defineScreen({
  path: '/admin/*',
  layout: 'none',
  render: 'browser',
  signedIn: true,
  page: lazyPage(import.meta.glob('../../features/admin/admin-app.tsx')),
});
