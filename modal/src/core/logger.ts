/**
 * The one logger of the modal and its connectors (a lazy chunk; first-click code reaches it through `log.ts`).
 * Level 'error' by default (spec section 9). Records at or above the level go, with secrets redacted, to the
 * console and to a ring buffer of about 1 MB that a dapp reads with `client.getLogs()` or saves with
 * `client.downloadLogs()`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export interface LogRecord {
  /** Milliseconds since the epoch. */
  time: number;
  level: Exclude<LogLevel, 'silent'>;
  message: string;
  detail?: unknown;
}

/** Spec section 9: a log buffer of about 1 MB (counted in UTF-16 code units, the length of the text). */
export const LOG_BUFFER_MAX_CHARS = 1024 * 1024;

const LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
let threshold: LogLevel = 'error';
const lines: string[] = [];
let size = 0;

/** Sets the level below which records are dropped (`createModal({ logLevel })` calls it). */
export function setLogLevel(level: LogLevel): void {
  if (LEVELS.includes(level)) threshold = level;
}

export const getLogLevel = (): LogLevel => threshold;

const REDACTED = '[redacted]';
/**
 * Secrets that must never reach a log: WalletConnect pairing URIs (plain or percent-encoded; their symKey opens the
 * session); values of secret-looking keys (private keys, mnemonics, passwords, one-time codes, tokens, signatures,
 * symKey; a `code` of 6 to 8 digits); bearer tokens and JWTs; signatures (64 bytes of hex or more); 64-digit hex
 * that may be a private key, shortened like an address so that a transaction hash stays recognisable (216 bits of a
 * key stay unknown).
 */
const RULES: [RegExp, string | ((match: string) => string)][] = [
  [/\bwc(:|%3A)[^\s"'`<>]*/gi, `wc:${REDACTED}`],
  [
    /(private[_ -]?key|secret|mnemonic|seed[_ ]?phrase|password|passphrase|otp|one[- ]time[- ]code|verification[_ -]?code|token|jwt|signature|sym[_ -]?key|authorization)(\\?["']?\s*[:=]\s*\\?["']?(bearer\s+)?)[^\s"'\\&,;}\]]+/gi,
    `$1$2${REDACTED}`,
  ],
  [/\b(code)(\\?["']?\s*[:=]\s*\\?["']?)\d{6,8}\b/gi, `$1$2${REDACTED}`],
  [/\bbearer\s+[\w.~+/-]+=*/gi, `Bearer ${REDACTED}`],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  [/(0x)?[\da-f]{128,}/gi, REDACTED],
  [/\b(0x)?[\da-f]{64}\b/gi, (hex) => `${hex.slice(0, hex.length - 58)}…${hex.slice(-4)}`],
];

/** Removes secrets from a text (see RULES). */
export function redact(text: string): string {
  return RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement as string), text);
}

/** An error as plain data (name, message, details, code, cause), so JSON keeps it. */
function plain(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error)) return value;
  const { name, message, details, code, cause } = value as Error & { details?: string; code?: unknown };
  return { name, message, details, code, cause: depth < 3 ? plain(cause, depth + 1) : undefined };
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : plain(v))) ?? 'undefined';
  } catch {
    return String(value);
  }
}

/** Records one entry when its level is at or above the logger's: redacted, into the buffer and to the console. */
export function record(entry: LogRecord): void {
  if (LEVELS.indexOf(entry.level) < LEVELS.indexOf(threshold)) return;
  const detail = entry.detail === undefined ? undefined : redact(stringify(entry.detail));
  const message = redact(entry.message);
  const line = stringify({ time: new Date(entry.time).toISOString(), level: entry.level, message, ...(detail === undefined ? {} : { detail }) });
  lines.push(line);
  size += line.length + 1;
  while (size > LOG_BUFFER_MAX_CHARS && lines.length > 1) size -= lines.shift()!.length + 1;
  const print = entry.level === 'error' ? console.error : entry.level === 'warn' ? console.warn : console.info;
  print(`[@minibot/modal] ${message}`, ...(detail === undefined ? [] : [detail]));
}

/** Records `message` (and `detail`) now; for lazy modules (first-click code uses `log.ts`). */
export const log = (level: LogRecord['level'], message: string, detail?: unknown): void => record({ time: Date.now(), level, message, detail });

/** The buffer as text: one JSON record a line, oldest first. */
export const readLogs = (): string => lines.join('\n');

/** Empties the buffer (tests, or a dapp after it sent a support request). */
export function clearLogs(): void {
  lines.length = 0;
  size = 0;
}

/** Saves the buffer as `minibot-modal-logs.jsonl` (or `fileName`) through a temporary download link (browser only). */
export function downloadLogs(fileName = 'minibot-modal-logs.jsonl'): void {
  if (typeof document === 'undefined') return;
  const url = URL.createObjectURL(new Blob([readLogs()], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A reason longer than this, or not plain text, is not shown (the logger has it). */
const MAX_SHOWN_CHARS = 120;

/**
 * Whether a wallet's or a service's own text may go on the screen as it is, or only to this log: a short, single-line,
 * human text (no JSON, no long hex, no stack). The error mapping (error-message.ts) and the lazy views and controllers
 * that gate such a text use it; here, in the chunk the modal's shell loads, it costs no view a shared chunk of its own.
 */
export function isPresentable(text: unknown): text is string {
  return (
    typeof text === 'string' &&
    text.trim().length > 0 &&
    text.length <= MAX_SHOWN_CHARS &&
    !/[\n{}[\]<>]|0x[0-9a-f]{16,}|https?:|Version: viem|Request Arguments/i.test(text)
  );
}
