// Benchmark of the modal in a wagmi 3 app: `npm run bench:wagmi`.
// `npm pack` of modal/, then the fresh wagmi dapp of test/package/fresh-dapp.ts: one Vite project (wagmi 3,
// @tanstack/react-query, React) whose one build holds the same small app twice: `bench-modal.html` with the modal as
// wagmi's connect UI (`createModal` from @minibot/modal, `wagmiConfigParameters`, `<ConnectButton />`) and
// `bench-plain.html` with wagmi's own injected connector and a plain button. Both show the connected address and
// read one contract value with wagmi's `useReadContract`. Figures: what each page loads before the first click (its
// entry and the chunks it imports statically, gzip level 9 per file), and the modal's addition.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFreshDapp, packModal } from '../test/package/fresh-dapp.js';
import { writeBenchReport } from './results.js';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const versionOf = (dir: string, name: string) => (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The figures of bench:modal's peers (RainbowKit and ConnectKit on wagmi 2), when that benchmark has run. */
function peerFigures(): { name: string; addedKb: number; baselineKb: number }[] {
  try {
    const modal = JSON.parse(readFileSync(join(import.meta.dirname, 'results', 'modal.json'), 'utf8')) as {
      figures: { peers?: { name: string; beforeFirstClickGzipKb: number }[] };
    };
    const peers = modal.figures.peers ?? [];
    const baseline = peers.find((peer) => peer.name === 'baseline-wagmi');
    if (!baseline) return [];
    return peers
      .filter((peer) => peer.name === 'rainbowkit' || peer.name === 'connectkit')
      .filter((peer) => Number.isFinite(peer.beforeFirstClickGzipKb))
      .map((peer) => ({ name: peer.name, addedKb: round(peer.beforeFirstClickGzipKb - baseline.beforeFirstClickGzipKb), baselineKb: round(baseline.beforeFirstClickGzipKb) }));
  } catch {
    return [];
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-wagmi-'));
  try {
    const started = performance.now();
    const packed = packModal(work);
    const dapp = buildFreshDapp(packed.tarball, work, 'wagmi');
    const seconds = (performance.now() - started) / 1000;
    const withModal = dapp.pages['bench-modal.html'];
    const plain = dapp.pages['bench-plain.html'];
    const element = dapp.pages['bench-element.html'];
    const plainFiles = new Set(plain.files.map(({ file }) => file));
    const onlyModal = withModal.files.filter(({ file }) => !plainFiles.has(file));
    const figures = {
      wagmiVersion: versionOf(dapp.dir, 'wagmi'),
      viteVersion: versionOf(dapp.dir, 'vite'),
      plainWagmiGzipKb: round(plain.gzipKb, 2),
      withModalGzipKb: round(withModal.gzipKb, 2),
      modalAddsGzipKb: round(withModal.gzipKb - plain.gzipKb, 2),
      ratio: round(withModal.gzipKb / plain.gzipKb, 2),
      withElementModalGzipKb: round(element.gzipKb, 2),
      elementModalAddsGzipKb: round(element.gzipKb - plain.gzipKb, 2),
      elementRatio: round(element.gzipKb / plain.gzipKb, 2),
      modalOnlyFiles: onlyModal.map(({ file, gzipKb }) => ({ file, gzipKb: round(gzipKb, 2) })),
      fullTestAppGzipKb: round(dapp.pages['index.html'].gzipKb, 2),
      packInstallBuildSeconds: round(seconds),
      peersOnWagmi2FromBenchModal: peerFigures(),
    };
    console.log(JSON.stringify(figures, null, 2));
    const peers = figures.peersOnWagmi2FromBenchModal;
    writeBenchReport({
      name: 'wagmi',
      command: 'npm run bench:wagmi',
      figures,
      markdown: `
What the modal adds before the first click to a wagmi ${figures.wagmiVersion} app (React, @tanstack/react-query;
Vite ${figures.viteVersion}, one build of one project: the same bundler in the same run). Both pages connect a
wallet, show the address and read one contract value with wagmi's \`useReadContract\`; static imports only (entry
and the chunks it imports), gzip level 9.

| page | before the first click (gzip) |
|---|---|
| wagmi 3 with its injected connector and a plain button (\`bench-plain.html\`) | ${figures.plainWagmiGzipKb} kB |
| wagmi 3 with the modal: \`createModal\` (@minibot/modal), \`wagmiConfigParameters\`, \`<ConnectButton />\` (\`bench-modal.html\`) | ${figures.withModalGzipKb} kB |
| **the modal adds** | **${figures.modalAddsGzipKb} kB** (x${figures.ratio}) |
| wagmi 3 with the modal's element entry: \`createModal\` of @minibot/modal/element (no viem clients of its own: wagmi has them), the rest the same (\`bench-element.html\`) | ${figures.withElementModalGzipKb} kB |
| **the modal (element entry) adds** | **${figures.elementModalAddsGzipKb} kB** (x${figures.elementRatio}) |

Files only the modal's page loads: ${figures.modalOnlyFiles.map(({ file, gzipKb }) => `\`${file}\` ${gzipKb} kB`).join(', ')}.
The connect button's element and the modal's views are lazy chunks (loaded on render and on the first click) and are
not counted, as in bench:package. \`@minibot/modal/wagmi\` itself imports nothing of wagmi at run time and is not
imported by the element entry: the element entry's first click is unchanged (bench:package, size-budget test).
The app of the e2e test (\`index.html\`: also mint, sign, ethers, EIP-5792 batch) loads ${figures.fullTestAppGzipKb} kB.

${
  peers.length
    ? `RainbowKit and ConnectKit do not support wagmi 3 (their peer range is wagmi 2). Over a plain wagmi 2 app they add, as
\`npm run bench:modal\` measured them (esbuild, not Vite: compare the additions, not the totals): ${peers
        .map((peer) => `${peer.name} +${peer.addedKb} kB`)
        .join(', ')} (plain wagmi 2 app ${peers[0].baselineKb} kB).`
    : 'RainbowKit and ConnectKit (wagmi 2 only): run `npm run bench:modal` first; its figures are quoted here.'
}
Pack, install and build: ${figures.packInstallBuildSeconds} s on this machine.
`,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
