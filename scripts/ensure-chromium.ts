import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's headless shell (package `chromium-headless-shell`): the same Chromium without a browser's window and UI. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests and tools drive: `CHROMIUM_PATH` when set, otherwise Debian's headless shell where it is
 * installed (the tests' pages cost a third less time and CPU than in the full browser's headless mode: no tab strip, no
 * WebUI renderer per window), otherwise Debian's `chromium`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium');

/** Flags for headless Chromium on these machines: no sandbox as root, no GPU, and no calls home on a closed network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // Pages composited in software without a GL emulation behind it: a fifth less CPU in the end-to-end tests.
  '--disable-gpu-compositing',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Browser tests use Debian's Chromium: its headless shell (`chromium-headless-shell`), or `chromium` itself where the
 * shell cannot be installed. Installs both when the shell is missing and the machine allows it (root with apt-get),
 * otherwise explains how. Returns the browser's path; `CHROMIUM_PATH`, when set, is used as it is.
 */
export function ensureChromium(): string {
  ensureFonts();
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
  }
  if (existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Installing Debian's chromium and chromium-headless-shell packages (apt-get)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell', ...FONT_PACKAGES], { stdio: 'inherit', env });
    } catch (error) {
      console.log(`apt-get failed (${(error as Error).message.split('\n')[0]}); looking for chromium alone.`);
    }
    if (existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error(
    "Chromium was not found. Install Debian's packages with `sudo apt-get install chromium chromium-headless-shell`, " +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

/** Debian's font packages the screenshot tests draw with: DejaVu (Latin, Cyrillic, Greek, Arabic, Hebrew) and WenQuanYi Micro Hei (Chinese, Japanese, Korean). */
export const FONT_PACKAGES = ['fonts-dejavu-core', 'fonts-wqy-microhei'];

/**
 * The CJK screenshots need a font with Han, kana and Hangul (fontconfig finds none on a bare machine): installed with
 * apt-get where the machine allows it (root), else the screenshot tests say which package is missing.
 */
export function ensureFonts(): void {
  if (hasCjkFont()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) return;
  console.log(`Installing Debian's ${FONT_PACKAGES.join(' and ')} packages (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    const install = () => execFileSync('apt-get', ['install', '-y', '-qq', ...FONT_PACKAGES], { stdio: 'inherit', env });
    try {
      install();
    } catch {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      install();
    }
  } catch (error) {
    console.log(`apt-get failed (${(error as Error).message.split('\n')[0]}); the CJK screenshots will lack their font.`);
  }
}

/** Whether `ensureChromium` would return at once: a browser is there and so is the screenshots' CJK font. */
export function chromiumReady(): boolean {
  const browser = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : undefined);
  return !!browser && existsSync(browser) && hasCjkFont();
}

/** Whether fontconfig finds a font with Japanese (Han, kana), which the CJK screenshots draw with. */
const hasCjkFont = () => spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' }).stdout?.trim().length > 0;

/**
 * `ensureChromium` in a child process, so that what does not need a browser runs while apt-get downloads and unpacks
 * one (on a fresh machine, a minute or more). Resolves to the browser's path; rejects with ensureChromium's message.
 */
export function ensureChromiumInBackground(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (err += String(chunk)));
    child.on('exit', (code) => {
      // The last line is the path; apt-get's progress comes before it.
      const lines = out.trim().split('\n');
      if (code === 0) {
        if (lines.length > 1) console.log(lines.slice(0, -1).join('\n'));
        resolve(lines.at(-1)!);
      } else reject(new Error(err.trim() || out.trim() || `ensure-chromium exited with ${code}`));
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
