/**
 * What lazy chunks log through: a few bytes that hand records to the logger (`logger.ts`), which loads on the first
 * record, the first read or a `logLevel` option. The first load's modules import this module on their first record.
 */
import type { LogRecord } from './logger.js';

export const loadLogger = () => import('./logger.js');

/** Records `message` (and `detail`, e.g. an error) when `level` is at or above the logger's level. */
export function log(level: LogRecord['level'], message: string, detail?: unknown): void {
  const time = Date.now();
  // A logger chunk that cannot load (offline, a CSP) must not turn a log call into an unhandled rejection.
  loadLogger().then(
    (m) => m.record({ time, level, message, detail }),
    () => {},
  );
}
