/**
 * Writes modal/src/ui/social-mark/marks.ts: the seven social providers' marks (path data, brand colour) from the
 * simple-icons package (CC0-1.0), so that the modal ships only these seven paths and no runtime dependency.
 * Run `npx tsx scripts/social-marks.ts` after updating simple-icons; `marks.test.ts` fails while the file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { socialMarksSource } from './social-marks-source.js';

const target = fileURLToPath(new URL('../modal/src/ui/social-mark/marks.ts', import.meta.url));
writeFileSync(target, socialMarksSource());
console.log(`wrote ${target}`);
