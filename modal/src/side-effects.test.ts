import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { declaresSideEffects, globToRegExp, sideEffectsEntries } from '../side-effects.js';

const modalDir = fileURLToPath(new URL('..', import.meta.url));
const srcDir = join(modalDir, 'src');

/** The package's source modules (tests, their helpers and the CSP test page are no part of it). */
function sourceModules(dir = srcDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'csp' ? [] : sourceModules(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && entry.name !== 'test-setup.ts' ? [path] : [];
  });
}

/**
 * The statements that run something on import: calls at the top level (`defineElement(...)`) and bare imports
 * (`import '../ui/icon/icon.js'`, which a bundler drops together with the importer when the importer counts as
 * side-effect free and none of its exports stays). Declarations and `const x = css\`...\`` do not count: the
 * bundler keeps them only when used.
 */
function importTimeEffects(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter((statement) => {
      if (ts.isImportDeclaration(statement)) return !statement.importClause;
      return !(
        ts.isExportDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isVariableStatement(statement) ||
        ts.isImportEqualsDeclaration(statement) ||
        ts.isModuleDeclaration(statement)
      );
    })
    .map((statement) => statement.getText().split('\n')[0]);
}

describe('sideEffects of modal/package.json', () => {
  const modules = sourceModules().map((path) => ({ path: relative(modalDir, path).replace(/\\/g, '/'), effects: importTimeEffects(path) }));

  it('names exactly the source modules with import-time effects', () => {
    const undeclared = modules.filter((module) => module.effects.length > 0 && !declaresSideEffects(module.path));
    const needless = modules.filter((module) => module.effects.length === 0 && declaresSideEffects(module.path));
    expect(undeclared.map((module) => `${module.path}: ${module.effects.join('; ')}`)).toEqual([]);
    expect(needless.map((module) => module.path)).toEqual([]);
  });

  it('has no source entry that matches no module', () => {
    const stale = sideEffectsEntries('src/').filter((entry) => !modules.some((module) => globToRegExp(entry).test(module.path)));
    expect(stale).toEqual([]);
  });
});
