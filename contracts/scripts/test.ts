// `npm run contracts:test`: forge test (from node_modules) in contracts/, compiling with the npm-solc
// wrapper; prints forge's output and exits with its code. Extra arguments go to forge.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { contractsDir } from './compile.js';

const forge = join(contractsDir, '..', 'node_modules', '.bin', 'forge');
const child = spawn(forge, ['test', '--use', join(contractsDir, 'solc', 'solc'), ...process.argv.slice(2)], {
  cwd: contractsDir,
  stdio: 'inherit',
  env: { ...process.env, FOUNDRY_OFFLINE: 'true' },
});
child.on('error', (error) => {
  console.error(`Could not start forge (${forge}): ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
