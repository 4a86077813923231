/** Query keys of the notifications feature. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  /** The header's count: { unread }. */
  unread: () => [...notificationsKeys.all, 'unread'] as const,
  list: () => [...notificationsKeys.all, 'list'] as const,
  preferences: () => [...notificationsKeys.all, 'preferences'] as const,
  digest: () => [...notificationsKeys.all, 'digest'] as const,
  unsubscribe: (token: string) => [...notificationsKeys.all, 'unsubscribe', token] as const,
};
