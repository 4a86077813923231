import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/about',
  layout: 'site',
  render: 'server',
  public: true,
  sitemap: true,
  meta: {
    title: 'About | IdeaHub',
    description:
      'IdeaHub is the official platform for sharing brilliant ideas and discovering amazing products. Share ideas with descriptions and pricing, get community feedback and unlock premium features.',
  },
  page: lazyPage(import.meta.glob('../../features/marketing/pages/about-page.tsx')),
});
