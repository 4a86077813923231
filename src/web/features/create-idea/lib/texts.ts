import type { Category } from '@shared/constants';
import { withReturnPath } from '@shared/rules/return-path';

/** The share page's toasts (SPEC §4, §8). */
export const CREATE_TEXT = {
  successTitle: 'Success!',
  success: (category: Category) => `Your ${category} has been shared with the community.`,
  errorTitle: 'Error',
  failed: (category: Category) => `Failed to share your ${category}. Please try again.`,
  profileTitle: 'Complete your profile',
  profile: 'Please update your profile (name and contact) before sharing.',
} as const;

/** Where the share form sends a person whose profile lacks a name or contact: back here once it is saved. */
export const COMPLETE_PROFILE_PATH = withReturnPath('/profile', '/create-idea');
