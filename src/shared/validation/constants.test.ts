import { describe, it, expect } from 'vitest';
import * as C from '../constants';

// The values are product decisions from SPEC §9; this guards against accidental edits.
describe('business constants (SPEC §9)', () => {
  it('has the currencies with names and symbols, default NGN', () => {
    expect(C.CURRENCIES).toEqual(['NGN', 'USD', 'EUR']);
    expect(C.CURRENCY_NAMES).toEqual({ NGN: 'Naira', USD: 'Dollar', EUR: 'Euro' });
    expect(C.CURRENCY_SYMBOLS).toEqual({ NGN: '₦', USD: '$', EUR: '€' });
    expect(C.DEFAULT_CURRENCY).toBe('NGN');
  });

  it('has the categories, default idea', () => {
    expect(C.CATEGORIES).toEqual(['idea', 'product']);
    expect(C.DEFAULT_CATEGORY).toBe('idea');
  });

  it('has the limits', () => {
    expect(C).toMatchObject({
      RATING_MIN: 0,
      RATING_MAX: 5,
      RATING_STEP: 0.1,
      PRICE_MIN: 0,
      PRICE_STEP: 0.01,
      TITLE_MIN_LENGTH: 5,
      DESCRIPTION_MIN_LENGTH: 15,
      PROFILE_NAME_MIN_LENGTH: 2,
      IDEA_COOLDOWN_MS: 72 * 60 * 60 * 1000,
      PRODUCT_COOLDOWN_MS: 24 * 60 * 60 * 1000,
      PREMIUM_THRESHOLD: 20,
      STATUS_DIALOG_INTERVAL_MS: 30 * 60 * 1000,
      IMAGE_UPLOAD_MAX_BYTES: 5 * 1024 * 1024,
      DESCRIPTION_PREVIEW_LENGTH: 100,
      META_DESCRIPTION_LENGTH: 150,
      HOME_SKELETON_COUNT: 8,
      DISCUSSION_MESSAGE_MAX_LENGTH: 2000,
      ANALYTICS_WINDOW_DAYS: 30,
    });
  });

  it('recognises currencies and categories exactly', () => {
    expect(C.isCurrency('USD')).toBe(true);
    expect(C.isCurrency('usd')).toBe(false);
    expect(C.isCurrency(undefined)).toBe(false);
    expect(C.isCategory('product')).toBe(true);
    expect(C.isCategory('Idea')).toBe(false);
  });
});
