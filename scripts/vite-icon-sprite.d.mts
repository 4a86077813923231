import type { Plugin } from 'vite';

export function importedIconNames(webRoot: string): string[];
export function buildSprite(names: string[], root: string): { icons: Map<string, { id: string; classes: string; displayName: string }>; text: string; fileName: string };
export function iconSprite(options: { root: string; webRoot: string; iconModule: string }): Plugin;
