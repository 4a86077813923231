/** Query keys of the coupons feature. */
export const couponsKeys = {
  all: ['coupons'] as const,
  mine: () => [...couponsKeys.all, 'mine'] as const,
};
