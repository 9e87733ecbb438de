import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Package } from 'custom-elements-manifest/schema';
import type * as TypeScript from 'typescript';
import { describe, expect, it } from 'vitest';

// The package's index.js exports `create` and its own `ts`; its index.d.ts declares neither.
const { create, ts } = (await import('@custom-elements-manifest/analyzer')) as unknown as {
  create(options: { modules: TypeScript.SourceFile[] }): Package;
  ts: typeof TypeScript;
};

const root = fileURLToPath(new URL('../../..', import.meta.url));
const src = join(root, 'modal', 'src');

/** The files modal/custom-elements-manifest.config.mjs analyses (its globs and excludes). */
function manifestSources(): string[] {
  return ['elements', 'ui', 'views']
    .flatMap((folder) => readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' }).map((file) => join(src, folder, file)))
    .filter((file) => file.endsWith('.ts') && !/\.test\.ts$|\.styles\.ts$|[\\/](testing|csp)[\\/]/.test(file))
    .map((file) => relative(root, file));
}

describe('custom-elements manifest (what the build writes to modal/dist/custom-elements.json)', () => {
  it('lists each event once, with its name and type (mb-input: mb-input; mb-modal: mb-request-close)', () => {
    const modules = manifestSources().map((path) => ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2022, true));
    const manifest = create({ modules });
    const events = new Map<string, { name?: string; type?: { text: string } }[]>();
    for (const module of manifest.modules) {
      for (const declaration of module.declarations ?? []) {
        if ('tagName' in declaration && declaration.tagName && 'events' in declaration && declaration.events) events.set(declaration.tagName, declaration.events);
      }
    }
    for (const [tag, list] of events) {
      for (const event of list) expect(event.name, `${tag}: every event is named`).toBeTruthy();
      expect(new Set(list.map((e) => e.name)).size, `${tag}: no duplicate`).toBe(list.length);
    }
    expect(events.get('mb-input')?.map((e) => [e.name, e.type?.text])).toEqual([['mb-input', 'MbInputEvent']]);
    expect(events.get('mb-modal')?.map((e) => [e.name, e.type?.text])).toEqual([['mb-request-close', 'MbRequestCloseEvent']]);
  });
});
