// Browser tests of the modal's elements and views: `npm run test:browser`.
// Files: modal/src/**/*.browser.test.ts (vitest's node project leaves them out).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

/** As scripts/ensure-chromium.ts chooses: CHROMIUM_PATH, else Debian's headless shell, else Debian's chromium. */
const headlessShell = '/usr/bin/chromium-headless-shell';
const testBrowser = process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

/** The strict policy the README documents: no inline script or style, no eval. */
export const strictCsp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'";

/**
 * `executeServerCommand('emulate-forced-colors', { active })` (Windows high contrast): the launcher's `emulateMedia` and
 * puppeteer's media features have no forced colours, so the page's DevTools session sets it; the session is kept (a
 * closed one would end the emulation).
 */
function forcedColorsCommand() {
  const sessions = new Map();
  return {
    name: 'emulate-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-forced-colors') return undefined;
      let cdp = sessions.get(session.id);
      if (!cdp) sessions.set(session.id, (cdp = await session.browser.getPage(session.id).createCDPSession()));
      await cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: payload?.active ? 'active' : 'none' }] });
      return true;
    },
  };
}

export default {
  rootDir,
  files: ['modal/src/**/*.browser.test.ts'],
  nodeResolve: { exportConditions: ['minibot-source', 'browser', 'production'] },
  // Two pages at a time, each in a browser context of its own (its own storage: the fake wallet frame keeps its session
  // in it) and with focus emulated (each page behaves as the one in front: focus events, :focus-visible).
  concurrency: 2,
  // The whole run's limit: about twice what it takes on 2 cores beside the package step (160 s).
  testsFinishTimeout: 360_000,
  // A test's own waits are scaled for a loaded machine (test-helpers' WAIT_SCALE); its whole time limit too.
  testFramework: { config: { timeout: 30_000 } },
  browsers: [
    chromeLauncher({
      async createPage({ browser }) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        page.once('close', () => void context.close().catch(() => {}));
        const session = await page.createCDPSession();
        await session.send('Emulation.setFocusEmulationEnabled', { enabled: true });
        return page;
      },
      launchOptions: {
        executablePath: testBrowser,
        // The headless shell takes the plain flag; the full browser runs its new headless mode.
        headless: testBrowser.endsWith('headless-shell') ? 'shell' : true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-gpu-compositing',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      },
    }),
  ],
  middleware: [
    // Wallet, network, token and currency images of the tests' fake directory (the views ask the directory's image URL).
    async function walletImages(context, next) {
      if (!/^\/mock-directory\/(getWalletImage|public\/get(Asset|Token|Currency)Image)\//.test(context.path)) return next();
      context.type = 'image/svg+xml';
      context.body = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#888"/></svg>';
    },
    // A stand-in for the embedded wallet's frame page (its script speaks the real protocol).
    async function fakeWalletFrame(context, next) {
      if (context.path !== '/mock-wallet/frame') return next();
      context.type = 'text/html';
      context.body = '<!doctype html><html lang="en"><head><title>Wallet</title></head><body><script type="module" src="/modal/src/views/testing/fake-wallet-frame.ts"></script></body></html>';
    },
    // Pages under a `csp/` folder are served with the strict Content-Security-Policy (the strict-CSP test).
    async function strictCspPages(context, next) {
      await next();
      if (/\/csp\/[^/]+\.html$/.test(context.path)) context.set('Content-Security-Policy', strictCsp);
    },
  ],
  plugins: [
    forcedColorsCommand(),
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
    }),
  ],
};
