/** Coupon codes: 'IDEA-XXXX-XXXX' from a cryptographic random source, in an unambiguous alphabet. */
import { randomBytes } from 'node:crypto';

/** No I, O, 0 or 1: nothing a person could misread when typing a code. 32 symbols, so 5 bits each. */
export const COUPON_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const COUPON_CODE_PATTERN = /^IDEA-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** 40 random bits; 32 divides 256, so `byte & 31` picks every symbol with equal chance. */
export function generateCouponCode(): string {
  const bytes = randomBytes(8);
  const symbols = Array.from(bytes, (b) => COUPON_ALPHABET[b & 31]!).join('');
  return `IDEA-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}
