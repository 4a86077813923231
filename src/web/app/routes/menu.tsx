import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/menu',
  layout: 'site',
  render: 'server',
  public: true,
  meta: { title: 'Menu | IdeaHub', description: 'Learn more about IdeaHub, sign in or join.' },
  // Where the phone header's menu button leads without JavaScript (with it, the drawer opens).
  page: lazyPage(import.meta.glob('../../features/site-frame/pages/menu-page.tsx')),
});
