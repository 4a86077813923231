/** What Buy says until payments exist (SPEC §2 Idea details). */
export const BUY_ALERT = 'Payment integration coming soon! Please contact the creator directly for now.';
