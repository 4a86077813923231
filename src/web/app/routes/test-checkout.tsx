import { defineScreen, lazyPage } from '../route';

/** The built-in test provider's checkout (PAYMENTS=test): 'Test checkout', Pay or Decline. */
export default defineScreen({
  path: '/checkout/test/:reference',
  layout: 'site',
  render: 'browser',
  signedIn: true,
  meta: { title: 'Test checkout | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/payments/pages/test-checkout-page.tsx')),
});
