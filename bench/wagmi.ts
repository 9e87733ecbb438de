// Benchmark of the modal in a wagmi 3 app: `npm run bench:wagmi`.
// `npm pack` of modal/, then the fresh wagmi dapp of test/package/fresh-dapp.ts: one Vite project (wagmi 3,
// @tanstack/react-query, React) whose one build holds the same small app twice: `bench-modal.html` with the modal as
// wagmi's connect UI (`createModal` from @minibot/modal, `wagmiConfigParameters`, `<ConnectButton />`) and
// `bench-plain.html` with wagmi's own injected connector and a plain button. Both show the connected address and
// read one contract value with wagmi's `useReadContract`. Figures: what each page loads before the first click, gzip
// level 9 per file, two ways: its static closure (the entry and the chunks it imports statically), and what Chromium
// fetches when it opens the page and nothing is touched (which also counts the chunks the page imports while it
// renders, such as `<ConnectButton />`'s element); and the modal's addition. In the same run, with the same Vite,
// RainbowKit and ConnectKit (wagmi 2 only) over a plain wagmi 2 app: bench/wagmi2-peers.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/ensure-chromium.js';
import { buildFreshDapp, packModal, scriptsBeforeFirstClick, serveStatic, type LoadedScripts } from '../test/package/fresh-dapp.js';
import { writeBenchReport } from './results.js';
import { measurePeersOnWagmi2 } from './wagmi2-peers.js';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const BENCH_PAGES = ['bench-plain.html', 'bench-modal.html', 'bench-element.html'] as const;

/**
 * Opens each bench page in Chromium and returns what it loaded before any interaction. The pages' reads go to a
 * closed local port (no chain runs here): the scripts a page loads do not depend on their answers.
 */
async function loadedInChromium(distDir: string): Promise<Record<(typeof BENCH_PAGES)[number], LoadedScripts>> {
  const closed = 'http://127.0.0.1:9';
  const config = { projectId: 'bench', chainId: 31337, rpcUrl: closed, apiUrl: closed, relayUrl: 'ws://127.0.0.1:9', contract: `0x${'00'.repeat(19)}01` };
  const server = await serveStatic(distDir, config, `default-src 'self'; connect-src 'self' ${closed} ws://127.0.0.1:9; img-src 'self' data:`);
  const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const loaded: Partial<Record<(typeof BENCH_PAGES)[number], LoadedScripts>> = {};
    for (const name of BENCH_PAGES) {
      const page = await browser.newPage();
      loaded[name] = await scriptsBeforeFirstClick(page, new URL(name, server.url).toString(), distDir);
      await page.close();
    }
    return loaded as Record<(typeof BENCH_PAGES)[number], LoadedScripts>;
  } finally {
    await browser.close();
    await server.close();
  }
}

const versionOf = (dir: string, name: string) => (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-wagmi-'));
  try {
    const started = performance.now();
    const packed = packModal(work);
    const dapp = buildFreshDapp(packed.tarball, work, 'wagmi');
    const seconds = (performance.now() - started) / 1000;
    const loaded = await loadedInChromium(dapp.distDir);
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
      loaded: {
        plainWagmiGzipKb: round(loaded['bench-plain.html'].gzipKb, 2),
        withModalGzipKb: round(loaded['bench-modal.html'].gzipKb, 2),
        modalAddsGzipKb: round(loaded['bench-modal.html'].gzipKb - loaded['bench-plain.html'].gzipKb, 2),
        withElementModalGzipKb: round(loaded['bench-element.html'].gzipKb, 2),
        elementModalAddsGzipKb: round(loaded['bench-element.html'].gzipKb - loaded['bench-plain.html'].gzipKb, 2),
        elementRatio: round(loaded['bench-element.html'].gzipKb / loaded['bench-plain.html'].gzipKb, 2),
        elementOnlyFiles: loaded['bench-element.html'].files
          .filter(({ file }) => !loaded['bench-plain.html'].files.some((plainFile) => plainFile.file === file))
          .map(({ file, gzipKb }) => ({ file, gzipKb: round(gzipKb, 2) })),
      },
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
wallet, show the address and read one contract value with wagmi's \`useReadContract\`; gzip level 9 per file.
"Loaded" is what Chromium fetches when it opens the page and nothing is touched, until the network is idle: the
static imports and the chunks the page imports while it renders (\`<ConnectButton />\`'s element). "Static" is the
entry and the chunks it imports statically, which leaves those out.

| page | loaded before the first click (gzip) | static closure (gzip) |
|---|---|---|
| wagmi 3 with its injected connector and a plain button (\`bench-plain.html\`) | ${figures.loaded.plainWagmiGzipKb} kB | ${figures.plainWagmiGzipKb} kB |
| wagmi 3 with the modal's element entry: \`createModal\` of @minibot/modal/element (no viem clients of its own: wagmi has them), \`wagmiConfigParameters\`, \`<ConnectButton />\` (\`bench-element.html\`) | ${figures.loaded.withElementModalGzipKb} kB | ${figures.withElementModalGzipKb} kB |
| **the modal (element entry) adds** | **${figures.loaded.elementModalAddsGzipKb} kB** (x${figures.loaded.elementRatio}) | ${figures.elementModalAddsGzipKb} kB (x${figures.elementRatio}) |
| wagmi 3 with the modal: \`createModal\` (@minibot/modal), the rest the same (\`bench-modal.html\`) | ${figures.loaded.withModalGzipKb} kB | ${figures.withModalGzipKb} kB |
| **the modal (@minibot/modal) adds** | **${figures.loaded.modalAddsGzipKb} kB** | ${figures.modalAddsGzipKb} kB (x${figures.ratio}) |

Files only the element entry's page loads: ${figures.loaded.elementOnlyFiles.map(({ file, gzipKb }) => `\`${file}\` ${gzipKb} kB`).join(', ')}.
\`<ConnectButton />\` loads the button's element only; the modal's element and views load when the pointer enters the
button, it takes focus, or on the first click (test/package/package.spec.ts checks this and the addition's budget).
\`@minibot/modal/wagmi\` itself imports nothing of wagmi at run time and is not imported by the element entry: the
element entry's first click is unchanged (bench:package, size-budget test).
The app of the e2e test (\`index.html\`: also mint, sign, ethers, EIP-5792 batch, network switch) has a static closure of ${figures.fullTestAppGzipKb} kB.

${peersMarkdown(wagmi2, figures.loaded.elementModalAddsGzipKb, figures.loaded.modalAddsGzipKb)}
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
(element entry) or ${kb(fullAddsKb)} (\`@minibot/modal\`) on wagmi 3, as Chromium loads it (lazy chunks included);
RainbowKit ${kb(rainbowkit.jsGzipKb - plain.jsGzipKb)} and ConnectKit ${kb(connectkit.jsGzipKb - plain.jsGzipKb)} of JavaScript on wagmi 2, static closures
(what they import while they render is not counted, so theirs are the lower bounds).
`;
}

await main();
