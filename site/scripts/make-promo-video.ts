/**
 * Regenerates the promo clip site/public/media/promo.webm (1280x720, 12 s, 24 fps, VP9, no audio) and its poster
 * site/public/media/poster.webp (1280x720, the frame at 4 s): the project's robot (src/assets/minibot.svg) bobbing and
 * blinking, its name, then the presale line, in the page's font. Chromium draws each frame on a canvas; ffmpeg
 * (libvpx-vp9) encodes them. Drawn at the size the page shows at most, so the player never scales it up.
 * Run from the repository root: `npx tsx site/scripts/make-promo-video.ts`. Only to regenerate: the page does not
 * need ffmpeg.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/ensure-chromium.js';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 24;
const SECONDS = 12;
const POSTER_AT_S = 4;

const media = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'media');
const require = createRequire(import.meta.url);
const font = readFileSync(require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2')).toString('base64');
const robot = readFileSync(join(media, '..', '..', 'src', 'assets', 'minibot.svg')).toString('base64');

const page = `<!doctype html><html><head><style>
  @font-face { font-family: Inter; src: url(data:font/woff2;base64,${font}) format('woff2'); font-weight: 100 900; }
  html, body { margin: 0; background: #0b1020; }
</style></head><body><canvas id="c" width="${WIDTH}" height="${HEIGHT}"></canvas><script>
  const canvas = document.getElementById('c');
  const ctx = canvas.getContext('2d');
  const robot = new Image();
  robot.src = 'data:image/svg+xml;base64,${robot}';
  window.ready = Promise.all([robot.decode(), document.fonts.load('800 72px Inter'), document.fonts.load('600 36px Inter')]);
  const ease = (x) => Math.min(1, Math.max(0, x));
  // One frame at time t (seconds).
  window.draw = (t) => {
    const W = ${WIDTH}, H = ${HEIGHT};
    ctx.fillStyle = '#0b1020';
    ctx.fillRect(0, 0, W, H);
    const gx = W * (0.72 + 0.04 * Math.sin(t / 3)), gy = H * 0.3;
    const glow = ctx.createRadialGradient(gx, gy, 0, gx, gy, 520);
    glow.addColorStop(0, 'rgba(243, 186, 47, 0.28)');
    glow.addColorStop(1, 'rgba(243, 186, 47, 0)');
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, W, H);
    const teal = ctx.createRadialGradient(60, H, 0, 60, H, 560);
    teal.addColorStop(0, 'rgba(94, 234, 212, 0.16)');
    teal.addColorStop(1, 'rgba(94, 234, 212, 0)');
    ctx.fillStyle = teal;
    ctx.fillRect(0, 0, W, H);
    // Sparkles drifting up.
    for (let i = 0; i < 14; i += 1) {
      const x = (i * 97 + 40) % W;
      const y = H - ((t * (18 + (i % 5) * 6) + i * 53) % (H + 40));
      ctx.globalAlpha = 0.25 + 0.25 * Math.sin(t * 2 + i);
      ctx.fillStyle = i % 2 ? '#5eead4' : '#f3ba2f';
      ctx.beginPath();
      ctx.arc(x, y, 2 + (i % 3), 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    // The robot: 560 px, bobbing and tilting a little, blinking every 2.5 s.
    const size = 560;
    const rx = W - size - 70, ry = (H - size) / 2 + 22 * Math.sin((2 * Math.PI * t) / 2.5);
    const tilt = 0.04 * Math.sin((2 * Math.PI * t) / 5);
    ctx.save();
    ctx.translate(rx + size / 2, ry + size / 2);
    ctx.rotate(tilt);
    ctx.translate(-size / 2, -size / 2);
    ctx.drawImage(robot, 0, 0, size, size);
    const blink = t % 2.5 < 0.16;
    if (blink) {
      const k = size / 480;
      ctx.fillStyle = '#0b1020';
      for (const cx of [196, 284]) ctx.fillRect((cx - 26) * k, (184 - 32) * k, 52 * k, 64 * k);
      ctx.strokeStyle = '#5eead4';
      ctx.lineWidth = 8 * k;
      ctx.lineCap = 'round';
      for (const cx of [196, 284]) {
        ctx.beginPath();
        ctx.moveTo((cx - 20) * k, 186 * k);
        ctx.lineTo((cx + 20) * k, 186 * k);
        ctx.stroke();
      }
    }
    ctx.restore();
    // Texts.
    ctx.textBaseline = 'alphabetic';
    ctx.globalAlpha = ease(t / 1.2);
    ctx.fillStyle = '#f3ba2f';
    ctx.font = '800 92px Inter';
    ctx.fillText('Minibot M1', 88 - 20 * (1 - ease(t / 1.2)), 330);
    ctx.globalAlpha = ease((t - 1.5) / 1);
    ctx.fillStyle = '#f4f6fb';
    ctx.font = '600 40px Inter';
    ctx.fillText('Your companion robot', 92, 396);
    ctx.globalAlpha = ease((t - 5) / 1);
    ctx.fillStyle = '#bcc5dd';
    ctx.font = '600 34px Inter';
    ctx.fillText('Presale pass now open', 92, 470);
    ctx.globalAlpha = 1;
  };
</script></body></html>`;

function dataUrlBytes(url: string): Buffer {
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

const out = join(media, 'promo.webm');
const poster = join(media, 'poster.webp');
const ffmpeg = spawn(
  'ffmpeg',
  ['-y', '-hide_banner', '-loglevel', 'error', '-f', 'image2pipe', '-framerate', String(FPS), '-i', '-',
    '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '38', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1',
    '-pix_fmt', 'yuv420p', '-an', out],
  { stdio: ['pipe', 'inherit', 'inherit'] },
);
const encoded = new Promise<void>((done, fail) => {
  ffmpeg.once('error', fail);
  ffmpeg.once('exit', (code) => (code === 0 ? done() : fail(new Error(`ffmpeg exited with ${code}`))));
});

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const tab = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await tab.setContent(page);
  await tab.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);
  for (let frame = 0; frame < FPS * SECONDS; frame += 1) {
    const t = frame / FPS;
    const png = await tab.evaluate((time) => {
      (window as unknown as { draw(t: number): void }).draw(time);
      return (document.getElementById('c') as HTMLCanvasElement).toDataURL('image/png');
    }, t);
    if (!ffmpeg.stdin.write(dataUrlBytes(png))) await new Promise((done) => ffmpeg.stdin.once('drain', done));
    if (frame === POSTER_AT_S * FPS) {
      const webp = await tab.evaluate(() => (document.getElementById('c') as HTMLCanvasElement).toDataURL('image/webp', 0.82));
      writeFileSync(poster, dataUrlBytes(webp));
    }
  }
  ffmpeg.stdin.end();
  await encoded;
  console.log(`wrote ${out} (${statSync(out).size} bytes) and ${poster} (${statSync(poster).size} bytes)`);
} finally {
  await browser.close();
}
