// A build's icons from one sprite: every `lucide-react` import of src/web resolves to a module that
// exports the same names, each an icon drawn by reference (<svg><use href="/assets/icons.<hash>.svg#x"/></svg>,
// components/icons/sprite-icon.tsx) instead of a copy of its paths in every page. The sprite holds
// the icons the sources import, drawn by lucide-react's own components (its public exports) once at
// build time, and is written into the browser's build as an immutable asset. The development
// server keeps lucide-react as it is.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const VIRTUAL = '\0ideahub-lucide-sprite';
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(p);
  }
  return files;
}

/** The names the sources import from lucide-react as values (type-only imports left out). */
export function importedIconNames(webRoot) {
  const names = new Set();
  for (const file of sourceFiles(webRoot)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (match[1]) continue;
      for (const part of match[2].split(',')) {
        const spec = part.trim();
        if (spec && !spec.startsWith('type ')) names.add(spec.split(/\s+as\s+/)[0].trim());
      }
    }
  }
  return [...names].sort();
}

/** Each imported name's symbol id and classes, and the sprite's text, from lucide-react's own rendering. */
export function buildSprite(names, root) {
  const require = createRequire(path.join(root, 'package.json'));
  const lucide = require('lucide-react');
  const { createElement } = require('react');
  const { renderToStaticMarkup } = require('react-dom/server');
  const icons = new Map();
  const symbols = new Map();
  for (const name of names) {
    const component = lucide[name];
    if (!component?.displayName) throw new Error(`lucide-react has no icon named ${name}`);
    const markup = renderToStaticMarkup(createElement(component));
    const classes = /class="([^"]+)"/.exec(markup)?.[1];
    const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(markup)?.[1];
    if (!classes || inner === undefined) throw new Error(`unexpected markup for the icon ${name}: ${markup}`);
    const id = classes.split(' ')[1].replace(/^lucide-/, '');
    // The marker the stylesheet draws them by, and the icon's own lucide class (what it is, when inspected).
    icons.set(name, { id, classes: `icon-ref lucide-${id}`, displayName: component.displayName });
    symbols.set(id, `<symbol id="${id}" viewBox="0 0 24 24">${inner}</symbol>`);
  }
  const text = `<svg xmlns="http://www.w3.org/2000/svg">${[...symbols.keys()].sort().map((id) => symbols.get(id)).join('')}</svg>\n`;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  return { icons, text, fileName: `assets/icons.${hash}.svg` };
}

/** @returns {import('vite').Plugin} */
export function iconSprite({ root, webRoot, iconModule }) {
  let sprite;
  let ssr = false;
  return {
    name: 'ideahub-icon-sprite',
    apply: 'build',
    enforce: 'pre',
    config(_config, env) {
      ssr = Boolean(env.isSsrBuild);
    },
    buildStart() {
      sprite = buildSprite(importedIconNames(webRoot), root);
    },
    resolveId(source) {
      return source === 'lucide-react' ? VIRTUAL : null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      const href = JSON.stringify(`/${sprite.fileName}`);
      const lines = [`import { spriteIcon } from ${JSON.stringify(iconModule)};`, `const sprite = ${href};`];
      for (const [name, icon] of sprite.icons) {
        lines.push(`export const ${name} = /* @__PURE__ */ spriteIcon(sprite + ${JSON.stringify(`#${icon.id}`)}, ${JSON.stringify(icon.classes)}, ${JSON.stringify(icon.displayName)});`);
      }
      return lines.join('\n');
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName: sprite.fileName, source: sprite.text });
    },
  };
}
