import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The contracts folder (computed, so the scripts work from any working directory). */
export const contractsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(contractsDir, '..');
const require = createRequire(import.meta.url);

/** A contract whose ABI and bytecode are generated into `contracts/generated/`. */
export interface GeneratedContract {
  /** Source file, relative to contracts/. */
  source: string;
  /** Contract name in the source. */
  name: string;
  /** Name of the generated module (without `.ts`). */
  module: string;
  /** Prefix of the exported constants: `${prefix}Abi`, `${prefix}Bytecode`. */
  prefix: string;
}

export const GENERATED_CONTRACTS: readonly GeneratedContract[] = [
  { source: 'src/MinibotPresale.sol', name: 'MinibotPresale', module: 'minibotPresale', prefix: 'minibotPresale' },
  { source: 'src/dev/TestToken.sol', name: 'TestToken', module: 'testToken', prefix: 'testToken' },
  { source: 'src/dev/SwapPool.sol', name: 'SwapPool', module: 'swapPool', prefix: 'swapPool' },
  { source: 'src/reference/ReferenceEnumerable.sol', name: 'ReferenceEnumerable', module: 'referenceEnumerable', prefix: 'referenceEnumerable' },
  { source: 'src/dev/OwnerSignatureWallet.sol', name: 'OwnerSignatureWallet', module: 'ownerSignatureWallet', prefix: 'ownerSignatureWallet' },
  { source: 'src/dev/Erc6492Check.sol', name: 'Erc6492Check', module: 'erc6492Check', prefix: 'erc6492Check' },
  // ERC-4337 v0.7 (smart accounts): the EntryPoint from the npm package's sources, and the embedded wallet's account
  // (the package's SimpleAccount plus ERC-1271) with its factory.
  { source: '@account-abstraction/contracts/core/EntryPoint.sol', name: 'EntryPoint', module: 'entryPoint', prefix: 'entryPoint' },
  { source: 'src/aa/MinibotSmartAccount.sol', name: 'MinibotSmartAccount', module: 'minibotSmartAccount', prefix: 'minibotSmartAccount' },
  { source: 'src/aa/MinibotSmartAccountFactory.sol', name: 'MinibotSmartAccountFactory', module: 'minibotSmartAccountFactory', prefix: 'minibotSmartAccountFactory' },
];

/** Compiler settings, kept equal to foundry.toml's profile. */
export const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 1000 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'ipfs' },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export interface CompiledContract extends GeneratedContract {
  abi: unknown[];
  bytecode: `0x${string}`;
}

/** Resolves an import the way foundry.toml's remappings do. */
function readImport(path: string): { contents: string } | { error: string } {
  const candidates = path.startsWith('@openzeppelin/') || path.startsWith('forge-std/') || path.startsWith('@account-abstraction/')
    ? [join(repoRoot, 'node_modules', path)]
    : [join(contractsDir, path)];
  for (const file of candidates) {
    if (existsSync(file)) return { contents: readFileSync(file, 'utf8') };
  }
  return { error: `File not found: ${path}` };
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');
/** What an import names, hashed as the compiler would read it (undefined when it does not resolve). */
const importHash = (path: string) => {
  const read = readImport(path);
  return 'contents' in read ? sha256(read.contents) : undefined;
};

/**
 * The compiler's output for `input`, kept in node_modules/.cache/ by the hash of the compiler's version and the input,
 * with the hash of every file the compile read: a later compile of the same input whose files all read the same
 * gives the kept output (solc is deterministic), anything else compiles again. A clone without it compiles.
 */
function compileKept(solc: { version(): string; compile(input: string, callbacks: { import(path: string): unknown }): string }, input: string): SolcOutput {
  const file = join(repoRoot, 'node_modules', '.cache', 'minibot-solc', `${sha256(`${solc.version()}\0${input}`)}.json`);
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, string>; output: SolcOutput };
    if (Object.entries(kept.files).every(([path, hash]) => importHash(path) === hash)) return kept.output;
  }
  const output = JSON.parse(solc.compile(input, { import: readImport })) as SolcOutput & { sources?: Record<string, unknown> };
  if (!(output.errors ?? []).some((e) => e.severity === 'error')) {
    const files = Object.fromEntries(Object.keys(output.sources ?? {}).map((path) => [path, importHash(path)]));
    if (Object.values(files).every(Boolean)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ files, output }));
    }
  }
  return output;
}

/** Compiles the generated contracts with the pinned npm `solc` (no download, no forge); see `compileKept`. */
export function compileContracts(): CompiledContract[] {
  const solc = require('solc') as { version(): string; compile(input: string, callbacks: { import(path: string): unknown }): string };
  const sources = Object.fromEntries(
    GENERATED_CONTRACTS.map((c) => {
      const read = readImport(c.source);
      if ('error' in read) throw new Error(read.error);
      return [c.source, { content: read.contents }];
    }),
  );
  const input = { language: 'Solidity', sources, settings: COMPILER_SETTINGS };
  const output = compileKept(solc, JSON.stringify(input));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  return GENERATED_CONTRACTS.map((c) => {
    const compiled = output.contracts?.[c.source]?.[c.name];
    if (!compiled) throw new Error(`Compiler output has no ${c.name} in ${c.source}`);
    return { ...c, abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  });
}

/** The text of each generated file, by file name relative to contracts/generated/. */
export function renderGeneratedFiles(compiled: CompiledContract[]): Map<string, string> {
  const files = new Map<string, string>();
  const header = '// Generated by `npm run contracts:build` from contracts/src. Do not edit: a test fails when stale.\n';
  for (const c of compiled) {
    files.set(
      `${c.module}.ts`,
      `${header}// Contract ${c.name} (${c.source}).\n\n` +
        `export const ${c.prefix}Abi = ${JSON.stringify(c.abi, null, 2)} as const;\n\n` +
        `export const ${c.prefix}Bytecode = '${c.bytecode}' as const;\n`,
    );
  }
  files.set(
    'index.ts',
    header + '\n' + compiled.map((c) => `export { ${c.prefix}Abi, ${c.prefix}Bytecode } from './${c.module}.js';\n`).join(''),
  );
  return files;
}
