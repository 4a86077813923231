/** The per-person write limits (lib/write-limits.ts) and the WRITE_LIMITS setting that replaces them. */

export interface WriteRule {
  max: number;
  /** The window's length in seconds. */
  seconds: number;
}

/** Every limited action: what a person is doing (for the message) and its rules. */
export const WRITE_LIMITS = {
  messages: { doing: 'sending messages', rules: [{ max: 10, seconds: 60 }, { max: 200, seconds: 86_400 }] },
  likes: { doing: 'liking and unliking', rules: [{ max: 60, seconds: 60 }] },
  ratings: { doing: 'rating', rules: [{ max: 30, seconds: 60 }] },
  follows: { doing: 'following and unfollowing', rules: [{ max: 60, seconds: 60 }] },
  uploads: { doing: 'uploading images', rules: [{ max: 20, seconds: 60 }] },
  /** Mention suggestions (a read, bounded all the same: each names people). */
  lookups: { doing: 'looking people up', rules: [{ max: 120, seconds: 60 }] },
  reports: { doing: 'sending reports', rules: [{ max: 10, seconds: 60 }, { max: 50, seconds: 86_400 }] },
  // A chat between two people runs faster than a public discussion; new conversations are rarer.
  'private-messages': { doing: 'sending messages', rules: [{ max: 30, seconds: 60 }, { max: 500, seconds: 86_400 }] },
  contacts: { doing: 'contacting creators', rules: [{ max: 20, seconds: 3600 }, { max: 100, seconds: 86_400 }] },
} satisfies Record<string, { doing: string; rules: WriteRule[] }>;

export type WriteAction = keyof typeof WRITE_LIMITS;
/** Rules replacing the defaults of some actions (config WRITE_LIMITS); [] turns an action's limits off. */
export type WriteLimitOverrides = Partial<Record<WriteAction, WriteRule[]>>;

export function isWriteAction(name: string): name is WriteAction {
  return Object.hasOwn(WRITE_LIMITS, name);
}

/**
 * Parses the WRITE_LIMITS setting: `action:max/seconds` items, comma-separated (an action may be
 * listed more than once; its defaults are then replaced), `action:off`, or `off` for every action.
 * Returns an error message instead when the value is not that.
 */
export function parseWriteLimits(value: string): WriteLimitOverrides | string {
  const text = value.trim();
  if (text === '') return {};
  if (text === 'off') return Object.fromEntries(Object.keys(WRITE_LIMITS).map((a) => [a, []])) as WriteLimitOverrides;
  const out: WriteLimitOverrides = {};
  for (const item of text.split(',')) {
    const m = /^\s*([a-z-]+):(?:(off)|(\d{1,9})\/(\d{1,9}))\s*$/.exec(item);
    const action = m?.[1];
    if (!m || !action || !isWriteAction(action)) {
      return `must be items like messages:10/60 or likes:off, for ${Object.keys(WRITE_LIMITS).join(', ')} (or off)`;
    }
    const rules = (out[action] ??= []);
    if (!m[2]) {
      const rule = { max: Number(m[3]), seconds: Number(m[4]) };
      if (rule.max < 1 || rule.seconds < 1) return 'limits and windows must be at least 1';
      rules.push(rule);
    }
  }
  return out;
}

export function rulesOf(action: WriteAction, overrides: WriteLimitOverrides = {}): readonly WriteRule[] {
  return overrides[action] ?? WRITE_LIMITS[action].rules;
}
