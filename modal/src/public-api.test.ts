import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Package } from 'custom-elements-manifest/schema';
import type * as TypeScript from 'typescript';
import { describe, expect, it } from 'vitest';

// The package's index.js exports `create` and its own `ts`; its index.d.ts declares neither.
const { create, ts } = (await import('@custom-elements-manifest/analyzer')) as unknown as {
  create(options: { modules: TypeScript.SourceFile[]; plugins?: unknown[] }): Package;
  ts: typeof TypeScript;
};
// The plugin the build's `litelement: true` adds (attributes from lit's @property).
const { litPlugin } = (await import(
  // @ts-expect-error the analyzer declares no types for its plugin modules
  '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js'
)) as { litPlugin(): unknown[] };

/**
 * The package's public API, checked so that a change to it is deliberate (semantic versioning, modal/CHANGELOG.md):
 * the names and types each entry of modal/package.json exports (as its type declarations give them), the options of
 * `createModal`, and the public elements' attributes, events, CSS parts and custom properties (custom-elements
 * manifest). The surface is compared with `public-api.snapshot.json`; after a deliberate change, update it with
 * `npx vitest run modal/src/public-api.test.ts -u`, note it in the changelog and keep modal/README.md's "Public API" true.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const src = join(root, 'modal', 'src');

/** Entry of the exports map -> source file (the `minibot-source` condition). */
const entries = JSON.parse(readFileSync(join(root, 'modal', 'package.json'), 'utf8')).exports as Record<string, string | Record<string, string>>;
const sourceEntries = Object.entries(entries)
  // Entries with code (the type-only `./jsx/*` entries are generated from the manifest, checked below through it).
  .filter(([name, target]) => typeof target === 'object' && 'minibot-source' in target && !name.includes('*'))
  .map(([name, target]) => [name, join(root, 'modal', (target as Record<string, string>)['minibot-source'])] as const);
// Locales are catalogues of texts: their shape is ModalLocale (checked through `.`); each entry's export name is part of
// the surface (a dapp imports it by that name).
for (const file of readdirSync(join(src, 'texts', 'locales')).filter((name) => /^[a-z]{2}(-[A-Z]{2})?\.ts$/.test(name)).sort()) {
  sourceEntries.push([`./locales/${file.slice(0, -3)}`, join(src, 'texts', 'locales', file)]);
}

function declarationSurface() {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram(
    sourceEntries.map(([, file]) => file),
    config.options,
  );
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
  const surface: Record<string, Record<string, string>> = {};
  for (const [entry, file] of sourceEntries) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    const exports: Record<string, string> = {};
    for (const symbol of checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name))) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = target.declarations?.[0];
      if (!declaration) continue;
      if (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable | ts.SymbolFlags.Class)) {
        exports[symbol.name] = checker.typeToString(checker.getTypeOfSymbolAtLocation(target, declaration), declaration, flags);
      } else {
        exports[symbol.name] = `type ${ts.SyntaxKind[declaration.kind]}`;
      }
    }
    surface[entry] = exports;
  }
  // The options of createModal, property by property, and the hooks' parameters.
  const types = program.getSourceFile(join(src, 'core', 'types.ts'))!;
  const typeExports = checker.getExportsOfModule(checker.getSymbolAtLocation(types)!);
  const typeProperties = (name: string) => {
    const symbol = typeExports.find((s) => s.name === name);
    if (!symbol) throw new Error(`core/types.ts exports no ${name}`);
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    return Object.fromEntries(
      checker.getPropertiesOfType(type).map((property) => [
        `${property.name}${property.flags & ts.SymbolFlags.Optional ? '?' : ''}`,
        checker.typeToString(checker.getTypeOfSymbolAtLocation(property, types), types, flags),
      ]),
    );
  };
  return { exports: surface, ModalOptions: typeProperties('ModalOptions'), ModalClient: typeProperties('ModalClient') };
}

/** The elements a dapp places or styles: src/elements and the UI primitives (views are internal). */
function elementSurface() {
  const files = ['elements', 'ui']
    .flatMap((folder) => readdirSync(join(src, folder), { recursive: true, encoding: 'utf8' }).map((file) => join(src, folder, file)))
    .filter((file) => file.endsWith('.ts') && !/\.test\.ts$|\.styles\.ts$|[\\/](testing|csp)[\\/]/.test(file))
    .map((file) => relative(root, file));
  const modules = files.map((path) => ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.ES2022, true));
  const manifest = create({ modules, plugins: litPlugin() });
  const elements: Record<string, unknown> = {};
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (!('tagName' in declaration) || !declaration.tagName) continue;
      const names = (list?: { name?: string }[]) => (list ?? []).map((item) => item.name ?? '').sort();
      elements[declaration.tagName] = {
        attributes: names(declaration.attributes),
        properties: names((declaration.members ?? []).filter((member) => member.kind === 'field' && !member.privacy && !member.static && !member.name.startsWith('_'))),
        events: (declaration.events ?? []).map((event) => `${event.name}: ${event.type?.text ?? ''}`).sort(),
        cssParts: names(declaration.cssParts),
        cssProperties: names(declaration.cssProperties),
      };
    }
  }
  return Object.fromEntries(Object.entries(elements).sort(([a], [b]) => a.localeCompare(b)));
}

describe('public API', () => {
  const surface = { ...declarationSurface(), elements: elementSurface() };

  it('is the recorded surface (a change to it is deliberate: update the snapshot, the changelog and the README)', async () => {
    await expect(`${JSON.stringify(surface, null, 2)}\n`).toMatchFileSnapshot('./public-api.snapshot.json');
  });

  it('is listed in modal/README.md: every entry, exported value, createModal option, element, event and part', () => {
    const readme = readFileSync(join(root, 'modal', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Public API'));
    expect(readme).toContain('## Public API');
    const missing: string[] = [];
    const need = (name: string) => {
      if (!section.includes(`\`${name}\``) && !new RegExp(`[\`(| ,]${name.replace(/[$.*]/g, '\\$&')}[\`(| ,:?]`).test(section)) missing.push(name);
    };
    for (const [entry, exports] of Object.entries(surface.exports)) {
      need(entry === '.' ? '@minibot/modal' : `@minibot/modal/${entry.slice(2)}`);
      for (const [name, kind] of Object.entries(exports)) if (!kind.startsWith('type ')) need(name);
    }
    for (const option of Object.keys(surface.ModalOptions)) need(option.replace('?', ''));
    for (const [tag, element] of Object.entries(surface.elements) as [string, { events: string[]; cssParts: string[] }][]) {
      need(tag);
      for (const event of element.events) need(event.split(':')[0]);
    }
    expect(missing).toEqual([]);
  });
});
