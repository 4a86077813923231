/** The coupons feature's public entry: what other features may use of it. */
export { generateCouponCode } from './codes.ts';
export { assignNewCoupon } from './service.ts';
