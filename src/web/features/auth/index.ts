/** The auth feature's public entry: the session, signing out, the sign-in options and the sign-in pages' frame. */
export { isSignedIn, sessionQueryKey, useSession, useSignOut, type SessionState } from './hooks/use-session';
export { useAuthConfig } from './hooks/use-auth-config';
export { AuthShell } from './components/auth-shell';
