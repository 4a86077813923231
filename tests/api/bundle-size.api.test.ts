/**
 * The home route's JavaScript budget (issue 7). Builds the web app for production into a temporary
 * folder (vite's own API, the project's vite.config.ts, ~5-15 s) and measures what the home page
 * loads before it runs: the entry chunk and its static imports (bench/bundle-size.ts). A build is
 * deterministic, so this is a guard, not a benchmark: it fails when a change pulls more into the
 * first load. Figures are printed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionWebBuild } from '../support/web-build.ts';
import { HOME_BUDGET_GZIP_BYTES, HOME_LIMIT_GZIP_BYTES, homeInitialJs, kib, readManifest, staticClosure } from '../../bench/bundle-size.ts';

let outDir = '';

describe('home route initial JavaScript', () => {
  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'ideahub-bundle-'));
    await productionWebBuild({ outDir, emptyOutDir: true, manifest: true, sourcemap: false }, 'silent');
  }, 120_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('stays within its gzip budget', () => {
    const home = homeInitialJs(outDir);
    console.log(
      `home route initial JS: ${home.files.length} files, ${kib(home.raw)} raw, ${kib(home.gzip)} gzip, ${kib(home.brotli)} brotli` +
        ` (limit ${kib(HOME_LIMIT_GZIP_BYTES)} gzip; target ${kib(HOME_BUDGET_GZIP_BYTES)})`,
    );
    const code = home.files.map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    // The browser runs React 19 (issue 18): react-dom's production build, whose errors link to
    // react.dev, is in the first load, and no other library stands in for it.
    expect(code, 'react-dom is shipped').toContain('react.dev/errors');
    expect(code, 'React 19').toMatch(/[`"']19\.\d+\.\d+[`"']/);
    expect(code, 'no Preact').not.toMatch(/preact/i);
    // A development build of React explains hook misuse in full; the production build does not.
    expect(code, 'no React development build').not.toContain('Invalid hook call');
    expect(home.gzip).toBeLessThanOrEqual(HOME_LIMIT_GZIP_BYTES);
  });

  it('does not carry the admin panel or zod', () => {
    const manifest = readManifest(outDir);
    const home = staticClosure(manifest, 'index.html');
    const admin = Object.values(manifest).find((c) => c.src?.endsWith('features/admin/admin-app.tsx'));
    expect(admin?.isDynamicEntry, 'the admin panel is a lazy chunk').toBe(true);
    expect(home).not.toContain(admin?.file);
    const code = home.filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    // Texts only the admin panel shows, present in its chunk (so the check is not vacuous).
    const adminCode = readFileSync(path.join(outDir, admin!.file), 'utf8');
    for (const text of ['Admin Panel', 'Generate Coupons', 'Total Revenue']) {
      expect(adminCode).toContain(text);
      expect(code).not.toContain(text);
    }
    // zod's core names its classes with strings that survive minification.
    expect(code).not.toContain('$ZodType');
    expect(code).not.toContain('ZodError');
    expect(home.some((f) => /\/zod-[\w-]+\.js$/.test(f))).toBe(false);
    // The header's menus (Radix Menu and Dialog) are a lazy chunk React loads as it hydrates the header.
    const menus = Object.values(manifest).find((c) => c.src?.endsWith('components/layout/learn-more-menu.tsx'));
    expect(menus?.isDynamicEntry, 'the header menus are a lazy chunk').toBe(true);
    expect(home).not.toContain(menus?.file);
  });

  it('loads the chart library only with the Dashboard’s Analytics tab', () => {
    const manifest = readManifest(outDir);
    const tab = Object.values(manifest).find((c) => c.src?.endsWith('dashboard/components/analytics-tab.tsx'));
    expect(tab?.isDynamicEntry, 'the Analytics tab is a lazy chunk').toBe(true);
    const chart = staticClosure(manifest, Object.keys(manifest).find((k) => manifest[k] === tab)!);
    const code = (files: string[]) => files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    // recharts names its chart's wrapper class in a string that survives minification.
    expect(code(chart)).toContain('recharts-wrapper');
    expect(code(staticClosure(manifest, 'index.html'))).not.toContain('recharts-wrapper');
    const dashboard = Object.keys(manifest).find((k) => k.endsWith('dashboard/pages/dashboard-page.tsx'));
    expect(code(staticClosure(manifest, dashboard!))).not.toContain('recharts-wrapper');
  });

  it("loads the details page and its discussion without zod (a long task on a phone), which the forms' chunks do carry", () => {
    const manifest = readManifest(outDir);
    const codeOf = (files: string[]) => files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    const closureOf = (src: string) => {
      const key = Object.keys(manifest).find((k) => k.endsWith(src));
      expect(key, `${src} is in the build`).toBeDefined();
      return staticClosure(manifest, key!);
    };
    const details = codeOf([...closureOf('idea-details/pages/idea-details-page.tsx'), ...closureOf('idea-details/components/discussion-section.tsx')]);
    expect(details).toContain('Discussion');
    expect(details).not.toContain('$ZodType');
    // The check can fail: the share form's chunk validates with zod and carries it.
    expect(codeOf(closureOf('create-idea/pages/create-idea-page.tsx'))).toContain('$ZodType');
  });
});
