// Speaks the two parts of native solc's command line that forge uses: `--version` and
// `--standard-json` (input on stdin, output on stdout), backed by the npm `solc` package so that
// no compiler is ever downloaded.
import { createRequire } from 'node:module';
import { readFileSync, existsSync } from 'node:fs';
import { resolve, isAbsolute } from 'node:path';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);

if (args.includes('--version') || args.includes('-v')) {
  const { version } = require('solc/package.json');
  // forge parses the second line; the commit is the one of the npm package's build.
  const build = require('solc').version().replace(/\.Emscripten\.clang$/, '');
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${build}.Linux.g++\n`);
  if (!build.startsWith(version)) process.exitCode = 1;
} else if (args.includes('--standard-json')) {
  const solc = require('solc');
  const roots = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--base-path' || args[i] === '--include-path') roots.push(args[i + 1]);
  }
  roots.push(process.cwd());
  const findImports = (path) => {
    const candidates = isAbsolute(path) ? [path] : roots.map((root) => resolve(root, path));
    for (const file of candidates) {
      if (existsSync(file)) return { contents: readFileSync(file, 'utf8') };
    }
    return { error: `File not found: ${path}` };
  };
  const input = readFileSync(0, 'utf8');
  process.stdout.write(solc.compile(input, { import: findImports }));
} else {
  process.stderr.write('This wrapper supports only --version and --standard-json.\n');
  process.exitCode = 1;
}
