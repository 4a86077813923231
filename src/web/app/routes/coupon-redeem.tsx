import { defineScreen, lazyPage } from '../route';

/** The built-in coupon redeem page, shown inside My Coupons' frame: the page only. */
export default defineScreen({
  path: '/coupons/redeem',
  layout: 'frame',
  render: 'browser',
  signedIn: true,
  meta: { title: 'Redeem coupon | IdeaHub' },
  page: lazyPage(import.meta.glob('../../features/coupons/pages/redeem-page.tsx')),
});
