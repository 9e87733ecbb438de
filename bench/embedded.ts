// `npm run bench:embedded`: the embedded wallet's sizes. The frame page's own script (bundled as api-mocks serves
// it) and the modal's lazy chunks of the embedded wallet, bundled as a dapp would (bench/dapp-bundler.ts).
import { buildFrameScript } from '../api-mocks/src/embedded/frame-bundle.js';
import { bundleDapp, registeredViewSources } from './view-sizes.js';
import { writeBenchReport } from './results.js';
import { measureCustody } from './custody-timings.js';
import { loadavg } from 'node:os';

const FRAME_GOAL_KB = 60;
const VIEW_GOAL_KB = 12;
const READY_GOAL_MS = 300;

// The embedded wallet's views, as the views' declaration loads them (the frame panels share one chunk).
const views = Object.fromEntries(registeredViewSources().filter(([, source]) => source.startsWith('modal/src/views/embedded/')));

async function main() {
  const frame = await buildFrameScript();
  const frameKb = frame.gzipBytes / 1024;
  const userOperationsKb = frame.userOperationsGzipBytes / 1024;
  const custodyPanelsKb = frame.custodyPanelsGzipBytes / 1024;
  const languageKb = Math.max(...Object.values(frame.languages).map((language) => language.gzipBytes)) / 1024;

  const { outputOf, closure, kb } = await bundleDapp();
  const initial = closure(outputOf('entry.ts'));
  const shell = new Set([...initial, ...closure(outputOf('modal/src/elements/modal/mount.ts'))]);
  const without = (paths: Set<string>, loaded: Set<string>) => new Set([...paths].filter((path) => !loaded.has(path)));

  // What picking e-mail loads beyond the open modal: the embedded controller, connector and protocol.
  const embeddedChunk = without(closure(outputOf('modal/src/elements/embedded-frame.ts')), shell);
  const rows = Object.entries(views).map(([name, source]) => {
    const alone = without(closure(outputOf(source)), shell);
    return { name, aloneKb: kb(alone), beyondEmbeddedKb: kb(without(alone, embeddedChunk)) };
  });
  const firstClickKb = kb(initial);
  const load = loadavg()[0];
  const custody = await measureCustody();
  const worstView = Math.max(...rows.map((r) => r.aloneKb));

  const markdown = `
Bundler: esbuild (minified, ESM, code-split), gzip level 9 per file. The frame's scripts are bundled as api-mocks serves them
(\`api-mocks/src/embedded/frame-bundle.ts\`): the page's script (viem's local account and signing, the protocol, IndexedDB, the key shares: Shamir split and combine, device
shares sealed by ECDH, the signed manifest; the approval UI) and, apart, the smart-account half (viem's account abstraction, the bundler
client), which the page imports from its own origin only when a smart account sends or signs (prefetched once the smart account is the
active one), and the custody half (the protect, recover, export and devices panels, passkeys, argon2id), imported on a passkey login or a
panel (prefetched after a login that leaves the device to protect or recover).

| what | gzip |
|---|---|
| **wallet frame page's own script** (\`/frame.js\` on the wallet's origin) | ${frameKb.toFixed(1)} kB |
| the frame's smart-account half (\`/user-operations.js\`, on demand) | ${userOperationsKb.toFixed(1)} kB |
| the frame's custody half (\`/custody-panels.js\`: panels, passkeys, argon2id; on a passkey login or panel) | ${custodyPanelsKb.toFixed(1)} kB |
| the frame's words in one language beside English (\`/frame-texts/<tag>.js\`, when the modal chooses it; the largest of ${Object.keys(frame.languages).length}) | ${languageKb.toFixed(1)} kB |
| modal: embedded wallet chunk (controller, auth connector, channel, protocol), loaded when e-mail or a social is picked | ${kb(embeddedChunk).toFixed(1)} kB |
| before the first click (of the embedded wallet only its hooks: restore on load, connector id, \`embeddedWalletInfo\`) | ${firstClickKb.toFixed(1)} kB |

| view | with what it alone loads | beyond the embedded chunk |
|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.aloneKb.toFixed(1)} kB | ${r.beyondEmbeddedKb.toFixed(2)} kB |`).join('\n')}

Key custody against the real wallet service on loopback (median of ${custody.samples}; load ${load.toFixed(1)} at the start):

| step | median |
|---|---|
| a known device gets ready after a login or a reload (its set fetched, the manifest's signature checked, its share opened) | ${custody.knownDeviceReadyMs.toFixed(1)} ms |
| a signature's custody part (the auth share fetched, the key rebuilt from two shares, the message signed, the key dropped) | ${custody.signMs.toFixed(1)} ms |
| the recovery password's key derivation (argon2id, 19 MiB, 2 passes, 1 lane; median of 3) | ${custody.passwordKdfMs.toFixed(0)} ms |

Goal ready on a known device <= ${READY_GOAL_MS} ms: ${custody.knownDeviceReadyMs <= READY_GOAL_MS ? 'met' : 'not met'}. The password's cost is what an attacker with the
service's database pays for each guess of one visitor's password (and the service limits online guesses to 5 in 15 minutes).

Goal frame script <= ${FRAME_GOAL_KB} kB: ${frameKb <= FRAME_GOAL_KB ? 'met' : 'not met'} (${frameKb.toFixed(1)} kB; AppKit's hosted key service adds over 1 MB).
Goal each view <= ${VIEW_GOAL_KB} kB with what it alone loads: ${worstView <= VIEW_GOAL_KB ? 'met' : 'not met'} (largest ${worstView.toFixed(1)} kB).
`;
  writeBenchReport({
    name: 'embedded',
    command: 'npm run bench:embedded',
    figures: { frameScriptGzipKb: frameKb, frameUserOperationsGzipKb: userOperationsKb, frameCustodyPanelsGzipKb: custodyPanelsKb, frameLanguageGzipKb: languageKb, custody, loadAverage: load, embeddedChunkGzipKb: kb(embeddedChunk), firstClickGzipKb: firstClickKb, views: rows },
    markdown,
  });
  console.log(markdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
