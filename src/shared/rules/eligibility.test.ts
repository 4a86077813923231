import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDEA_COOLDOWN_MS, PRODUCT_COOLDOWN_MS } from '../constants.ts';
import {
  ELIGIBILITY_TEXT,
  HOUR_MS,
  IDEA_COOLDOWN_HOURS,
  PRODUCT_COOLDOWN_HOURS,
  STATUS_DIALOG_TEXT,
  computeEligibility,
  cooldownHours,
  cooldownMessage,
  cooldownMs,
  eligibilitySummary,
  formatRemaining,
  lockMessage,
  lockMessageFor,
  remainingHours,
  statusDialogMessage,
  type Eligibility,
} from './eligibility.ts';

const UTC = { timeZone: 'UTC' };
const MIN = 60_000;
const NOW = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

function eligibility(latestIdeaAt: Date | null, latestProductAt: Date | null, hours: { idea?: number; product?: number } = {}) {
  return computeEligibility({
    latestIdeaAt,
    latestProductAt,
    now: NOW,
    ideaCooldownHours: hours.idea,
    productCooldownHours: hours.product,
  });
}

describe('cooldown settings', () => {
  it('defaults to 72 hours for ideas and 24 for products (§9)', () => {
    expect(IDEA_COOLDOWN_HOURS).toBe(72);
    expect(PRODUCT_COOLDOWN_HOURS).toBe(24);
    expect(cooldownHours('idea')).toBe(72);
    expect(cooldownHours('product')).toBe(24);
    expect(cooldownMs('idea')).toBe(IDEA_COOLDOWN_MS);
    expect(cooldownMs('product')).toBe(PRODUCT_COOLDOWN_MS);
    expect(cooldownMs('idea', {})).toBe(259_200_000);
  });

  it('reads the hours from the admin settings', () => {
    const settings = { ideaSubmissionLimit: 48, productSubmissionLimit: 1 };
    expect(cooldownHours('idea', settings)).toBe(48);
    expect(cooldownHours('product', settings)).toBe(1);
    expect(cooldownMs('idea', settings)).toBe(48 * HOUR_MS);
    expect(cooldownMs('product', settings)).toBe(HOUR_MS);
    expect(cooldownMs('idea', { productSubmissionLimit: 1 })).toBe(IDEA_COOLDOWN_MS);
    expect(cooldownMs('product', { ideaSubmissionLimit: 1 })).toBe(PRODUCT_COOLDOWN_MS);
  });

  it('accepts 0 (no cooldown) and fractional hours', () => {
    expect(cooldownMs('idea', { ideaSubmissionLimit: 0 })).toBe(0);
    expect(cooldownMs('product', { productSubmissionLimit: 0.5 })).toBe(30 * MIN);
  });

  it('falls back to the default for negative or non-finite hours', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(cooldownMs('idea', { ideaSubmissionLimit: bad })).toBe(IDEA_COOLDOWN_MS);
      expect(cooldownMs('product', { productSubmissionLimit: bad })).toBe(PRODUCT_COOLDOWN_MS);
    }
  });
});

describe('computeEligibility', () => {
  it('is open with no earlier items', () => {
    expect(eligibility(null, null)).toEqual({
      idea: { locked: false, until: null, remainingMs: 0 },
      product: { locked: false, until: null, remainingMs: 0 },
      bothLocked: false,
      preselect: null,
    });
  });

  it('locks an idea shared 71 h 59 min ago for one more minute', () => {
    const e = eligibility(ago(71 * HOUR_MS + 59 * MIN), null);
    expect(e.idea).toEqual({ locked: true, until: new Date('2026-11-21T12:01:00Z'), remainingMs: MIN });
    expect(formatRemaining(e.idea.remainingMs, 'idea')).toBe('0 days, 1 hour');
    expect(e.preselect).toBe('product');
  });

  it('opens at exactly 72 hours, and after', () => {
    expect(eligibility(ago(72 * HOUR_MS), null).idea).toEqual({ locked: false, until: null, remainingMs: 0 });
    expect(eligibility(ago(72 * HOUR_MS + 1), null).idea.locked).toBe(false);
    expect(eligibility(ago(72 * HOUR_MS - 1), null).idea).toEqual({
      locked: true,
      until: new Date(NOW.getTime() + 1),
      remainingMs: 1,
    });
  });

  it('locks a product shared 23 h ago for one hour; opens at 24 h', () => {
    const e = eligibility(null, ago(23 * HOUR_MS));
    expect(e.product).toEqual({ locked: true, until: new Date('2026-11-21T13:00:00Z'), remainingMs: HOUR_MS });
    expect(formatRemaining(e.product.remainingMs, 'product')).toBe('1 hour');
    expect(eligibility(null, ago(24 * HOUR_MS)).product.locked).toBe(false);
    expect(eligibility(null, ago(24 * HOUR_MS + 1)).product.locked).toBe(false);
  });

  it('after one hour: 71 hours left for an idea, 23 for a product', () => {
    const e = eligibility(ago(HOUR_MS), ago(HOUR_MS));
    expect(e.idea.remainingMs).toBe(71 * HOUR_MS);
    expect(e.product.remainingMs).toBe(23 * HOUR_MS);
    expect(formatRemaining(e.idea.remainingMs, 'idea')).toBe('2 days, 23 hours');
    expect(formatRemaining(e.product.remainingMs, 'product')).toBe('23 hours');
  });

  it('just shared (0 ms ago): the whole cooldown', () => {
    const e = eligibility(NOW, NOW);
    expect(e.idea).toEqual({ locked: true, until: new Date('2026-11-24T12:00:00Z'), remainingMs: IDEA_COOLDOWN_MS });
    expect(e.product).toEqual({ locked: true, until: new Date('2026-11-22T12:00:00Z'), remainingMs: PRODUCT_COOLDOWN_MS });
    expect(formatRemaining(e.idea.remainingMs, 'idea')).toBe('3 days, 0 hours');
    expect(formatRemaining(e.product.remainingMs, 'product')).toBe('24 hours');
    expect(e.bothLocked).toBe(true);
    expect(e.preselect).toBeNull();
  });

  it('clock skew: a latest date in the future locks for at most one cooldown from now', () => {
    const future = new Date(NOW.getTime() + 5 * HOUR_MS);
    const e = eligibility(future, future);
    expect(e.idea).toEqual({ locked: true, until: new Date(NOW.getTime() + IDEA_COOLDOWN_MS), remainingMs: IDEA_COOLDOWN_MS });
    expect(e.product).toEqual({
      locked: true,
      until: new Date(NOW.getTime() + PRODUCT_COOLDOWN_MS),
      remainingMs: PRODUCT_COOLDOWN_MS,
    });
  });

  it('uses custom cooldown hours (admin settings)', () => {
    const e = eligibility(ago(30 * MIN), ago(30 * MIN), { idea: 1, product: 1 });
    expect(e.idea).toEqual({ locked: true, until: new Date('2026-11-21T12:30:00Z'), remainingMs: 30 * MIN });
    expect(e.product.remainingMs).toBe(30 * MIN);
    expect(formatRemaining(e.idea.remainingMs, 'idea')).toBe('0 days, 1 hour');
    expect(eligibility(ago(HOUR_MS), ago(HOUR_MS), { idea: 1, product: 1 }).bothLocked).toBe(false);
    // a longer product cooldown than the default, and 0 = no cooldown
    expect(eligibility(null, ago(30 * HOUR_MS), { product: 48 }).product.remainingMs).toBe(18 * HOUR_MS);
    expect(eligibility(NOW, NOW, { idea: 0, product: 0 }).preselect).toBeNull();
    expect(eligibility(NOW, NOW, { idea: 0, product: 0 }).bothLocked).toBe(false);
  });

  it('uses the defaults for invalid cooldown hours', () => {
    expect(eligibility(NOW, null, { idea: -5 }).idea.remainingMs).toBe(IDEA_COOLDOWN_MS);
    expect(eligibility(null, NOW, { product: Number.NaN }).product.remainingMs).toBe(PRODUCT_COOLDOWN_MS);
  });

  it('treats an invalid latest date as no earlier item', () => {
    expect(eligibility(new Date('garbage'), null).idea.locked).toBe(false);
  });

  it('preselects the only open category', () => {
    expect(eligibility(NOW, null).preselect).toBe('product');
    expect(eligibility(null, NOW).preselect).toBe('idea');
    expect(eligibility(null, null).preselect).toBeNull();
    expect(eligibility(NOW, NOW).preselect).toBeNull();
    expect(eligibility(NOW, null).bothLocked).toBe(false);
  });

  it('holds its invariants for any dates (property)', () => {
    const offset = fc.option(fc.integer({ min: -10 * 24 * HOUR_MS, max: 10 * 24 * HOUR_MS }), { nil: null });
    const hours = fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined });
    fc.assert(
      fc.property(offset, offset, hours, hours, (ideaAgo, productAgo, ideaH, productH) => {
        const e = computeEligibility({
          latestIdeaAt: ideaAgo === null ? null : ago(ideaAgo),
          latestProductAt: productAgo === null ? null : ago(productAgo),
          now: NOW,
          ideaCooldownHours: ideaH,
          productCooldownHours: productH,
        });
        const windows = { idea: (ideaH ?? 72) * HOUR_MS, product: (productH ?? 24) * HOUR_MS };
        const agoBy = { idea: ideaAgo, product: productAgo };
        for (const c of ['idea', 'product'] as const) {
          const lock = e[c];
          const a = agoBy[c];
          expect(lock.locked).toBe(a !== null && Math.max(a, 0) < windows[c]);
          expect(lock.remainingMs).toBeGreaterThanOrEqual(0);
          expect(lock.remainingMs).toBeLessThanOrEqual(windows[c]);
          expect(lock.locked).toBe(lock.remainingMs > 0);
          if (lock.locked) expect(lock.until?.getTime()).toBe(NOW.getTime() + lock.remainingMs);
          else expect(lock.until).toBeNull();
        }
        expect(e.bothLocked).toBe(e.idea.locked && e.product.locked);
        const open = (['idea', 'product'] as const).filter((c) => !e[c].locked);
        expect(e.preselect).toBe(open.length === 1 ? open[0] : null);
      }),
    );
  });
});

describe('formatRemaining', () => {
  it('rounds up to whole hours and splits ideas into days and hours', () => {
    expect(formatRemaining(71 * HOUR_MS + 59 * MIN, 'idea')).toBe('3 days, 0 hours');
    expect(formatRemaining(71 * HOUR_MS, 'idea')).toBe('2 days, 23 hours');
    expect(formatRemaining(48 * HOUR_MS + 1, 'idea')).toBe('2 days, 1 hour');
    expect(formatRemaining(24 * HOUR_MS, 'idea')).toBe('1 day, 0 hours');
    expect(formatRemaining(1, 'idea')).toBe('0 days, 1 hour');
    expect(formatRemaining(HOUR_MS, 'idea')).toBe('0 days, 1 hour');
    expect(formatRemaining(HOUR_MS + 1, 'idea')).toBe('0 days, 2 hours');
  });

  it('gives products in hours only, whatever their size', () => {
    expect(formatRemaining(24 * HOUR_MS, 'product')).toBe('24 hours');
    expect(formatRemaining(23 * HOUR_MS + 1, 'product')).toBe('24 hours');
    expect(formatRemaining(MIN, 'product')).toBe('1 hour');
    expect(formatRemaining(48 * HOUR_MS, 'product')).toBe('48 hours');
  });

  it('reads zero for nothing left (or nonsense)', () => {
    for (const ms of [0, -1, -HOUR_MS, Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(formatRemaining(ms, 'idea')).toBe('0 days, 0 hours');
      expect(formatRemaining(ms, 'product')).toBe('0 hours');
    }
    expect(remainingHours(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('never claims less waiting than there is (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 * HOUR_MS }), (ms) => {
        const m = /^(\d+) days?, (\d+) hours?$/.exec(formatRemaining(ms, 'idea'));
        expect(m).not.toBeNull();
        const days = Number(m?.[1]);
        const hours = Number(m?.[2]);
        expect(hours).toBeLessThan(24);
        const total = days * 24 + hours;
        expect(total * HOUR_MS).toBeGreaterThanOrEqual(ms);
        expect((total - 1) * HOUR_MS).toBeLessThan(ms);
        expect(formatRemaining(ms, 'product')).toBe(total === 1 ? '1 hour' : `${total} hours`);
        // Each noun agrees with its number.
        expect(formatRemaining(ms, 'idea')).toBe(`${days} ${days === 1 ? 'day' : 'days'}, ${hours} ${hours === 1 ? 'hour' : 'hours'}`);
      }),
    );
  });
});

describe('lockMessage', () => {
  it('words a locked idea card (§4)', () => {
    expect(lockMessage('idea', new Date('2026-11-24T09:05:00Z'), 69 * HOUR_MS + 5 * MIN, UTC)).toBe(
      'Idea submission locked until Nov 24, 2026, 9:05 AM (2 days, 22 hours remaining).',
    );
  });

  it('words a locked product card (§4)', () => {
    expect(lockMessage('product', new Date('2026-11-22T12:00:00Z'), PRODUCT_COOLDOWN_MS, UTC)).toBe(
      'Product submission locked until Nov 22, 2026, 12:00 PM (24 hours remaining).',
    );
  });

  it('works from computeEligibility, boundary cases included', () => {
    const e = eligibility(ago(71 * HOUR_MS + 59 * MIN), ago(23 * HOUR_MS));
    expect(lockMessageFor('idea', e.idea, UTC)).toBe(
      'Idea submission locked until Nov 21, 2026, 12:01 PM (0 days, 1 hour remaining).',
    );
    expect(lockMessageFor('product', e.product, UTC)).toBe(
      'Product submission locked until Nov 21, 2026, 1:00 PM (1 hour remaining).',
    );
    expect(lockMessageFor('idea', eligibility(null, null).idea, UTC)).toBeNull();
  });
});

describe('cooldownMessage (server, §5)', () => {
  it('words the refusal for an idea and a product', () => {
    expect(cooldownMessage('idea', 71 * HOUR_MS, 72)).toBe(
      'You can only submit one idea every 72 hours. Please wait 2 days, 23 hours.',
    );
    expect(cooldownMessage('product', 5 * HOUR_MS - 1, 24)).toBe(
      'You can only submit one product every 24 hours. Please wait 5 hours.',
    );
    expect(cooldownMessage('idea', MIN, 72)).toBe('You can only submit one idea every 72 hours. Please wait 0 days, 1 hour.');
    expect(cooldownMessage('product', PRODUCT_COOLDOWN_MS, 24)).toBe(
      'You can only submit one product every 24 hours. Please wait 24 hours.',
    );
  });

  it('uses the default hours when none are given, and custom hours from settings', () => {
    expect(cooldownMessage('idea', IDEA_COOLDOWN_MS)).toBe(
      'You can only submit one idea every 72 hours. Please wait 3 days, 0 hours.',
    );
    expect(cooldownMessage('product', HOUR_MS)).toBe('You can only submit one product every 24 hours. Please wait 1 hour.');
    expect(cooldownMessage('idea', 30 * MIN, 1)).toBe('You can only submit one idea every 1 hour. Please wait 0 days, 1 hour.');
    expect(cooldownMessage('product', 30 * MIN, 0.5)).toBe(
      'You can only submit one product every 0.5 hours. Please wait 1 hour.',
    );
  });
});

describe('eligibilitySummary (create page dialog, §4)', () => {
  it('both open', () => {
    expect(eligibilitySummary(eligibility(null, null), UTC)).toEqual({
      state: 'ready',
      title: 'Ready to Share',
      lines: ['You can now share an idea and a product.'],
    });
  });

  it('idea locked: offers a product', () => {
    expect(eligibilitySummary(eligibility(ago(HOUR_MS), null), UTC)).toEqual({
      state: 'partial',
      title: 'Submission Status',
      lines: [
        'Idea submission locked until Nov 24, 2026, 11:00 AM (2 days, 23 hours remaining).',
        'Alternatively, you can share a product.',
      ],
    });
  });

  it('product locked: offers an idea', () => {
    expect(eligibilitySummary(eligibility(ago(72 * HOUR_MS), ago(90 * MIN)), UTC)).toEqual({
      state: 'partial',
      title: 'Submission Status',
      lines: [
        'Product submission locked until Nov 22, 2026, 10:30 AM (23 hours remaining).',
        'Alternatively, you can share an idea.',
      ],
    });
  });

  it('both locked: the limit dialog with both lock messages', () => {
    expect(eligibilitySummary(eligibility(NOW, NOW), UTC)).toEqual({
      state: 'exhausted',
      title: 'Submission Limit Reached',
      lines: [
        'You have exhausted your limits for sharing an idea and a product.',
        'Idea submission locked until Nov 24, 2026, 12:00 PM (3 days, 0 hours remaining).',
        'Product submission locked until Nov 22, 2026, 12:00 PM (24 hours remaining).',
      ],
    });
  });

  it('uses the spec sentences verbatim', () => {
    expect(ELIGIBILITY_TEXT.ready).toBe('You can now share an idea and a product.');
    expect(ELIGIBILITY_TEXT.exhausted).toBe('You have exhausted your limits for sharing an idea and a product.');
    expect(ELIGIBILITY_TEXT.exhaustedTitle).toBe('Submission Limit Reached');
  });
});

describe('statusDialogMessage (home page dialog, §4)', () => {
  const status = (e: Eligibility) => statusDialogMessage(e, UTC);

  it('ready', () => {
    expect(status(eligibility(null, ago(24 * HOUR_MS)))).toEqual({
      state: 'ready',
      title: 'Your Submission Status',
      lines: ["You're ready to share a new idea or product with the community!"],
    });
  });

  it('an idea shared recently; a product still possible', () => {
    expect(status(eligibility(ago(HOUR_MS), null))).toEqual({
      state: 'partial',
      title: 'Your Submission Status',
      lines: [
        'You shared an idea recently.',
        'You can share another idea on Nov 24, 2026, 11:00 AM (2 days, 23 hours remaining).',
        'You can still share a product now.',
      ],
    });
  });

  it('a product shared recently; an idea still possible', () => {
    expect(status(eligibility(null, ago(23 * HOUR_MS + 30 * MIN)))).toEqual({
      state: 'partial',
      title: 'Your Submission Status',
      lines: [
        'You shared a product recently.',
        'You can share another product on Nov 21, 2026, 12:30 PM (1 hour remaining).',
        'You can still share an idea now.',
      ],
    });
  });

  it('both at their limit, with when each opens again', () => {
    expect(status(eligibility(ago(2 * HOUR_MS), ago(2 * HOUR_MS)))).toEqual({
      state: 'exhausted',
      title: 'Your Submission Status',
      lines: [
        "You've reached the limit for sharing ideas and products.",
        'You can share another idea on Nov 24, 2026, 10:00 AM (2 days, 22 hours remaining).',
        'You can share another product on Nov 22, 2026, 10:00 AM (22 hours remaining).',
      ],
    });
    expect(STATUS_DIALOG_TEXT.exhausted).toBe("You've reached the limit for sharing ideas and products.");
  });
});
