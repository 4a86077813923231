/**
 * Paystack's webhook signature: x-paystack-signature is the hex HMAC-SHA512 of the raw request
 * body keyed with the secret key. Compared in constant time, so timing tells a forger nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signBody(rawBody: string, secret: string): string {
  return createHmac('sha512', secret).update(rawBody, 'utf8').digest('hex');
}

export function isSignedBy(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(rawBody, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
