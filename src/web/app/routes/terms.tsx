import { defineScreen, lazyPage } from '../route';

/** Its head is the legal page's own (LegalPage). */
export default defineScreen({
  path: '/terms',
  layout: 'site',
  render: 'server',
  public: true,
  sitemap: true,
  page: lazyPage(import.meta.glob('../../features/marketing/pages/terms-page.tsx')),
});
