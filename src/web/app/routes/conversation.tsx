import { defineScreen, lazyPage } from '../route';

export default defineScreen({
  path: '/messages/:conversationId',
  layout: 'site',
  render: 'browser',
  signedIn: true,
  // Its head depends on its data: the page renders it.
  page: lazyPage(import.meta.glob('../../features/messages/pages/conversation-page.tsx')),
});
