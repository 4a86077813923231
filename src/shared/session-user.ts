/**
 * The signed-in person as the app knows them, from better-auth's answer of GET
 * /api/auth/get-session (`{ user, session }`, or null). One reading for the browser (auth-client)
 * and for the server's pages, which carry it so the app's first render agrees with theirs.
 */
import { isRole } from './constants.ts';
import type { SessionUser } from './schemas/auth.ts';

export function sessionUserOf(answer: unknown): SessionUser | null {
  const user = (answer as { user?: Record<string, unknown> } | null)?.user;
  if (!user || typeof user.id !== 'string') return null;
  return {
    id: user.id,
    name: typeof user.name === 'string' ? user.name : '',
    email: typeof user.email === 'string' ? user.email : '',
    emailVerified: user.emailVerified === true,
    role: isRole(user.role) ? user.role : 'user',
    image: typeof user.image === 'string' ? user.image : null,
  };
}
