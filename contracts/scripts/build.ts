// `npm run contracts:build`: compiles the contracts with the pinned npm solc and writes the typed
// ABI/bytecode modules of contracts/generated/ that site/, api-mocks/ and the scripts import.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileContracts, contractsDir, renderGeneratedFiles } from './compile.js';

const outDir = join(contractsDir, 'generated');
mkdirSync(outDir, { recursive: true });
const started = Date.now();
const files = renderGeneratedFiles(compileContracts());
for (const [name, text] of files) writeFileSync(join(outDir, name), text);
console.log(`Compiled ${files.size - 1} contracts in ${Date.now() - started} ms; wrote contracts/generated/{${[...files.keys()].join(',')}}`);
