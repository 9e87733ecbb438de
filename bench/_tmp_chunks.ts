import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { dappBundleOptions } from './dapp-bundler.js';
const root = new URL('..', import.meta.url).pathname;
const src = readFileSync(new URL('./view-sizes.ts', import.meta.url), 'utf8');
const contents = /const entry = `([\s\S]*?)`;/.exec(src)![1];
const result = await build({ absWorkingDir: root, stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' }, outdir: 'out', write: false, metafile: true, tsconfig: `${root}tsconfig.json`, ...dappBundleOptions });
const out = result.metafile.outputs;
const entry = Object.keys(out).find((p) => out[p].entryPoint === 'entry.ts')!;
const seen = new Set<string>(); const stack = [entry];
while (stack.length) { const p = stack.pop()!; if (seen.has(p)) continue; seen.add(p); for (const i of out[p].imports) if (i.kind === 'import-statement') stack.push(i.path); }
let total = 0;
for (const p of seen) {
  const file = result.outputFiles.find((f) => f.path.endsWith(p))!;
  const gz = gzipSync(file.contents, { level: 9 }).length; total += gz;
  const inputs = Object.entries(out[p].inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 12).map(([k, v]) => `${k.replace('modal/src/', '')}:${v.bytesInOutput}`);
  console.log(p, gz, inputs.join(' '));
}
console.log('total', total);
