import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, startSite } from './stack.js';

/** The site's dev server (`npm start`) never serves the data or local folders, whatever path a page asks for. */
const secret = `session-token-${Date.now()}`;
const files = [join(repoRoot, '.data', 'fs-deny-test', 'api-mocks.sqlite-wal'), join(repoRoot, '.local', 'fs-deny-test', 'deployment.json')];

afterAll(() => {
  for (const dir of ['.data', '.local']) rmSync(join(repoRoot, dir, 'fs-deny-test'), { recursive: true, force: true });
});

describe('the dev server', () => {
  it('answers 403 for the data and local folders, under /@fs/ and relative to the site', async () => {
    for (const file of files) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, secret);
    }
    const port = await freePort();
    const site = await startSite('dev', '127.0.0.1', port, {});
    try {
      // A file of the checkout outside the deny list is served: the requests below reach the dev server's file access.
      const allowed = await fetch(`${site.url}@fs${join(repoRoot, 'package.json')}`);
      expect(allowed.status).toBe(200);
      for (const file of files) {
        for (const path of [`@fs${file}`, `@fs${file}?raw`, `@fs${file}?import`, `..${file.slice(repoRoot.length)}`]) {
          const response = await fetch(`${site.url}${path}`);
          const body = await response.text();
          expect(body.includes(secret), path).toBe(false);
        }
        expect((await fetch(`${site.url}@fs${file}`)).status).toBe(403);
      }
    } finally {
      await site.close();
    }
  });
});
