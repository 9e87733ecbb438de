/**
 * Checks of service answers: small and explicit rather than a schema library (bundle size). Each checks what the
 * modal uses and ignores the rest; `fail` throws the call's ResponseValidationError. Lazy: the calls made before
 * the first click load their checks from `answers.ts` when the answer arrives.
 */
import { log } from '../core/logger.js';
import { safeImageUrl, safeLinkUrl } from '../core/safe-url.js';

export type Fail = (details: string) => never;

/** Longest text field the modal accepts from a service (names, ids, symbols, amounts). */
export const MAX_TEXT = 1000;
/** Most items the modal accepts in one list of an answer. */
export const MAX_ITEMS = 1000;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(body: unknown, fail: Fail, what = 'body'): Record<string, unknown> {
  if (!isRecord(body)) fail(`${what} is not an object`);
  return body as Record<string, unknown>;
}

export function array(value: unknown, fail: Fail, what: string, max = MAX_ITEMS): unknown[] {
  if (!Array.isArray(value)) fail(`${what} is not an array`);
  if ((value as unknown[]).length > max) fail(`${what} has more than ${max} items`);
  return value as unknown[];
}

/** A string of at most `max` characters that matches `pattern` when given. */
export function string(value: unknown, fail: Fail, what: string, pattern?: RegExp, max = MAX_TEXT): string {
  if (typeof value !== 'string' || value.length > max || (pattern && !pattern.test(value))) fail(`${what} is not a valid string`);
  return value as string;
}

export function nullableString(value: unknown, fail: Fail, what: string, pattern?: RegExp): string | null {
  if (value === null || value === undefined) return null;
  return string(value, fail, what, pattern);
}

/** An optional field: undefined when absent or invalid (a bad optional field is dropped, not the answer). */
export function optional<T>(value: unknown, check: (value: unknown, fail: Fail) => T): T | undefined {
  if (value === undefined || value === null) return undefined;
  try {
    return check(value, (d) => {
      throw new Error(d);
    });
  } catch {
    return undefined;
  }
}

/** A finite number in [min, max]. */
export function number(value: unknown, fail: Fail, what: string, min = -Number.MAX_VALUE, max = Number.MAX_VALUE): number {
  if (typeof value !== 'number' || !(value >= min && value <= max)) fail(`${what} is not a number in range`);
  return value as number;
}

export function boolean(value: unknown, fail: Fail, what: string): boolean {
  if (typeof value !== 'boolean') fail(`${what} is not a boolean`);
  return value as boolean;
}

/** Formats of the wire: CAIP-2 and CAIP-10 ids, hex, integer and decimal strings (uint256 range by length). */
export const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
export const CAIP10 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/;
export const HEX = /^0x[0-9a-fA-F]*$/;
export const INTEGER = /^\d{1,78}$/;
export const DECIMAL = /^\d{1,78}(\.\d{1,78})?$/;

/** The items of a list that pass `check`; a malformed item is dropped (and logged), a malformed list fails. */
export function items<T>(value: unknown, fail: Fail, what: string, check: (item: unknown, fail: Fail) => T, max = MAX_ITEMS): T[] {
  const list = array(value, fail, what, max);
  const kept = list.flatMap((item) => {
    const checked = optional(item, check);
    return checked === undefined ? [] : [checked];
  });
  if (kept.length < list.length) log('warn', `Dropped ${list.length - kept.length} malformed item(s) of ${what}`);
  return kept;
}

/** An image URL from outside through the gate: the normalised URL, or undefined (the view shows its fallback). */
export const imageUrl = (value: unknown): string | undefined => (typeof value === 'string' ? safeImageUrl(value) : undefined);
/**
 * A link from outside through the gate: the normalised URL, or undefined (the view hides its button). A custom
 * scheme passes only when `scheme` declares it (a directory entry's own app link).
 */
export const linkUrl = (value: unknown, scheme?: string): string | undefined => (typeof value === 'string' ? safeLinkUrl(value, { scheme }) : undefined);
