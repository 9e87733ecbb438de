// Benchmark of the modal in a wagmi 3 app: `npm run bench:wagmi`.
// `npm pack` of modal/, then the fresh wagmi dapp of test/package/fresh-dapp.ts: one Vite project (wagmi 3,
// @tanstack/react-query, React) whose one build holds the same small app twice: `bench-modal.html` with the modal as
// wagmi's connect UI (`createModal` from @minibot/modal, `wagmiConfigParameters`, `<ConnectButton />`) and
// `bench-plain.html` with wagmi's own injected connector and a plain button. Both show the connected address and
// read one contract value with wagmi's `useReadContract`. Figures: what each page loads before the first click (its
// entry and the chunks it imports statically, gzip level 9 per file), and the modal's addition. In the same run, with
// the same Vite, RainbowKit and ConnectKit (wagmi 2 only) over a plain wagmi 2 app: bench/wagmi2-peers.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFreshDapp, packModal } from '../test/package/fresh-dapp.js';
import { writeBenchReport } from './results.js';
import { measurePeersOnWagmi2 } from './wagmi2-peers.js';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const versionOf = (dir: string, name: string) => (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-wagmi-'));
  try {
    const started = performance.now();
    const packed = packModal(work);
    const dapp = buildFreshDapp(packed.tarball, work, 'wagmi');
    const seconds = (performance.now() - started) / 1000;
    const wagmi2 = await measurePeersOnWagmi2(join(work, 'wagmi2-peers'));
    const withModal = dapp.pages['bench-modal.html'];
    const plain = dapp.pages['bench-plain.html'];
    const element = dapp.pages['bench-element.html'];
    const plainFiles = new Set(plain.files.map(({ file }) => file));
    const onlyModal = withModal.files.filter(({ file }) => !plainFiles.has(file));
    const figures = {
      wagmiVersion: versionOf(work, 'wagmi'),
      viteVersion: versionOf(work, 'vite'),
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
      peersOnWagmi2: wagmi2.ok
        ? {
            versions: wagmi2.versions,
            buildSeconds: round(wagmi2.buildSeconds),
            pages: Object.fromEntries(
              Object.entries(wagmi2.pages).map(([name, page]) => [
                name,
                {
                  jsGzipKb: round(page.jsGzipKb, 2), cssGzipKb: round(page.cssGzipKb, 2), files: page.files,
                  addsJsGzipKb: round(page.jsGzipKb - wagmi2.pages.plain.jsGzipKb, 2), addsCssGzipKb: round(page.cssGzipKb - wagmi2.pages.plain.cssGzipKb, 2),
                },
              ]),
            ),
          }
        : { error: wagmi2.error },
    };
    console.log(JSON.stringify(figures, null, 2));
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
The app of the e2e test (\`index.html\`: also mint, sign, ethers, EIP-5792 batch, network switch) loads ${figures.fullTestAppGzipKb} kB.

${peersMarkdown(wagmi2, figures.elementModalAddsGzipKb, figures.modalAddsGzipKb)}
Pack, install and build: ${figures.packInstallBuildSeconds} s on this machine.
`,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The RainbowKit and ConnectKit table (same run, same Vite), or why it is missing. */
function peersMarkdown(wagmi2: Awaited<ReturnType<typeof measurePeersOnWagmi2>>, elementAddsKb: number, fullAddsKb: number): string {
  if (!wagmi2.ok) return `RainbowKit and ConnectKit on wagmi 2 were not measured in this run: ${wagmi2.error}.`;
  const { plain, rainbowkit, connectkit } = wagmi2.pages;
  const kb = (value: number) => `${round(value, 2)} kB`;
  const row = (label: string, page: typeof plain) =>
    `| ${label} | ${kb(page.jsGzipKb)} | ${kb(page.cssGzipKb)} | **+${kb(page.jsGzipKb - plain.jsGzipKb)}** JS, +${kb(page.cssGzipKb - plain.cssGzipKb)} CSS |`;
  return `RainbowKit ${wagmi2.versions['@rainbow-me/rainbowkit']} and ConnectKit ${wagmi2.versions.connectkit} declare wagmi 2 as their peer
(they do not install on wagmi 3), so they are measured over a plain wagmi ${wagmi2.versions.wagmi} app, in this same run, with
the same Vite: one Vite project on bench/peers' packages, three pages of the same small app (connect, the address,
one \`useReadContract\`). The same measure (static closure, gzip level 9); their CSS is counted apart (RainbowKit
ships a stylesheet; the modal and ConnectKit style in JavaScript).

| wagmi 2 page (same Vite) | JS before the first click | CSS | adds over plain wagmi 2 |
|---|---|---|---|
| wagmi 2 with its injected connector and a plain button | ${kb(plain.jsGzipKb)} | ${kb(plain.cssGzipKb)} | |
${row('RainbowKit: `getDefaultConfig`, `<RainbowKitProvider>`, `<ConnectButton />`', rainbowkit)}
${row('ConnectKit: `getDefaultConfig`, `<ConnectKitProvider>`, `<ConnectKitButton />`', connectkit)}

Side by side, what the connect UI adds before the first click (each over its own wagmi): the modal ${kb(elementAddsKb)}
(element entry) or ${kb(fullAddsKb)} (\`@minibot/modal\`) on wagmi 3; RainbowKit ${kb(rainbowkit.jsGzipKb - plain.jsGzipKb)} and ConnectKit
${kb(connectkit.jsGzipKb - plain.jsGzipKb)} of JavaScript on wagmi 2.
`;
}

await main();
