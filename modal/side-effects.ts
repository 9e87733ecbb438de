// The package's "sideEffects" list as matchers, shared by the build (rollup.config.ts puts every chunk holding a
// module with import-time effects under dist/chunks/elements/, and checks the dist entries of the list) and by the
// guard test (modal/src/side-effects.test.ts, which checks the source entries against the modules themselves).
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { sideEffects: string[] };

/** The glob of a "sideEffects" entry as a regular expression over a path relative to modal/ (`*`, `**` only). */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/^\.\//, '')
    .split(/(\*\*\/?|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/** The entries of the list under `prefix` (`src/` or `dist/`). */
export function sideEffectsEntries(prefix: 'src/' | 'dist/'): string[] {
  return packageJson.sideEffects.filter((entry) => entry.startsWith(`./${prefix}`));
}

/** Whether a module, by its path relative to modal/ (e.g. `src/ui/icon/icon.ts`), is declared to have side effects. */
export function declaresSideEffects(relativePath: string): boolean {
  const path = relativePath.replace(/\\/g, '/');
  return packageJson.sideEffects.some((entry) => globToRegExp(entry).test(path));
}
