import { describe, expect, it } from 'vitest';
import * as rules from './index.ts';

describe('rules index', () => {
  it('re-exports every rule', () => {
    const names = [
      'averageRating',
      'canSeeFullContent',
      'categorySplit',
      'computeEligibility',
      'cooldownHours',
      'cooldownMessage',
      'cooldownMs',
      'eligibilitySummary',
      'engagementRate',
      'formatDate',
      'formatDateTime',
      'formatPercent',
      'formatRemaining',
      'growthPercent',
      'ideasPerUser',
      'isPremium',
      'lockMessage',
      'lockMessageFor',
      'parseLastShown',
      'previewDescription',
      'revenueNaira',
      'shareText',
      'shouldShowPeriodicDialog',
      'statusDialogMessage',
      'windows',
    ];
    for (const name of names) expect(typeof (rules as Record<string, unknown>)[name], name).toBe('function');
    expect(rules.STATUS_DIALOG_STORAGE_KEY).toBe('ideahub:status-dialog:last-shown');
    expect(rules.JOIN_DIALOG_STORAGE_KEY).toBe('ideahub:join-dialog:last-shown');
  });
});
