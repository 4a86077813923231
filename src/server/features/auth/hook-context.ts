import type { createAuthMiddleware } from 'better-auth/api';

/** The context a better-auth hook (hooks.before / hooks.after) receives. */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
