import type { Coupon, CouponListResponse } from '@shared/schemas/ideas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { couponsKeys } from './coupons-keys';

/** GET /api/me/coupons: the signed-in person's coupons, newest first. */
export function useMyCoupons(enabled = true) {
  return useInfiniteQuery({
    queryKey: couponsKeys.mine(),
    queryFn: ({ pageParam }) => api<CouponListResponse>('/api/me/coupons', { query: { cursor: pageParam } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled,
    staleTime: 0,
  });
}

/** POST /api/me/coupons/{id}/redeem: marks the coupon used (the built-in redeem page). */
export function redeemCoupon(id: string): Promise<unknown> {
  return api<unknown>(`/api/me/coupons/${encodeURIComponent(id)}/redeem`, { method: 'POST' });
}

/**
 * The page the Redeem frame shows: COUPON_REDEEM_URL with the code when configured, otherwise
 * the built-in page.
 */
export function redeemPageUrl(coupon: Pick<Coupon, 'id' | 'code'>, couponRedeemUrl: string | null | undefined): string {
  if (couponRedeemUrl) {
    const url = new URL(couponRedeemUrl, window.location.origin);
    url.searchParams.set('code', coupon.code);
    return url.toString();
  }
  const params = new URLSearchParams({ code: coupon.code, id: coupon.id });
  return `/coupons/redeem?${params.toString()}`;
}
