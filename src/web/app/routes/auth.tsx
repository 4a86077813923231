import type { AuthConfig } from '@shared/schemas/auth';
import { defineScreen, lazyPage, parseAnswer } from '../route';

export default defineScreen({
  path: '/auth',
  layout: 'bare',
  // Drawn by the server, forms and all, so they are there (and post) before or without the page's code.
  render: 'server',
  loader: import.meta.env.SSR
    ? async ({ client, ask }) => {
        // Imported here, not above: the browser's build leaves the loader and its imports out.
        const { authConfigQueryKey } = await import('../../features/auth/hooks/use-auth-config');
        const answer = await ask('/api/auth-config');
        const config = answer.status === 200 ? parseAnswer<AuthConfig>(answer) : undefined;
        if (config) client.setQueryData(authConfigQueryKey, config);
        return undefined;
      }
    : undefined,
  // Its title follows its tab (Sign In or Sign Up): the page renders its own head.
  page: lazyPage(import.meta.glob('../../features/auth/pages/auth-page.tsx')),
});
