// `npm run routes`: writes src/shared/route-manifest.ts, the screens' addresses as the server reads
// them (src/shared/routes.ts), from the screens themselves (src/web/app/routes/*.tsx), loaded
// through Vite as the server's render loads them.
import { writeFileSync } from 'node:fs';
import { createServer } from 'vite';

const vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', logLevel: 'error' });
try {
  const { routeManifestModule } = await vite.ssrLoadModule('/app/route-manifest.ts');
  writeFileSync('src/shared/route-manifest.ts', routeManifestModule());
  console.log('wrote src/shared/route-manifest.ts');
} finally {
  await vite.close();
}
