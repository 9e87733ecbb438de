/**
 * Writes api-mocks/src/asset-marks.ts: the marks of the chains and coins api-mocks draws network and token images with
 * (path data, brand colour), from the simple-icons package (CC0-1.0), so that api-mocks does not load all of its icons.
 * Run `npx tsx scripts/asset-marks.ts` after updating simple-icons; `asset-marks.test.ts` fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assetMarksSource } from './asset-marks-source.js';

const target = fileURLToPath(new URL('../api-mocks/src/asset-marks.ts', import.meta.url));
writeFileSync(target, assetMarksSource());
console.log(`wrote ${target}`);
