import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AccountSnapshot } from '@minibot/modal';
import { STORAGE_KEYS } from '@minibot/modal/storage';

/**
 * Set on `<html>` by the prerendered page's early script (build/earlyScript.ts) before the first paint, when the modal
 * will restore a stored wallet session: its value is the stored address ('' when none is stored).
 */
export const RESTORING_ATTRIBUTE = 'data-wallet-restoring';

/** A stored address the page may show (and the early script may write into the HTML): an EVM or base58 address. */
export const SHOWABLE_ADDRESS = /^[0-9A-Za-z]{20,64}$/;

/**
 * The session the modal restores on this load (it reads the same keys): its stored address, '' when only the
 * connector is stored, undefined when there is nothing to restore.
 */
export function readStoredSession(): string | undefined {
  try {
    if (window.localStorage.getItem(STORAGE_KEYS.connectorId) === null) return undefined;
    const address = window.localStorage.getItem(STORAGE_KEYS.lastAddress);
    return address && SHOWABLE_ADDRESS.test(address) ? address : '';
  } catch {
    return undefined;
  }
}

/** What the prerendered HTML shows: the early script's mark in the browser, nothing at build time. */
function readPrerenderedSession(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.documentElement.getAttribute(RESTORING_ATTRIBUTE) ?? undefined;
}

const subscribeNothing = () => () => {};

/**
 * While a reload restores the stored wallet session: its stored address ('' when not stored), else undefined. The
 * hydration render reads the early script's mark, so it matches the HTML that the visitor already sees; afterwards it
 * follows the account: over once the account is connected, or no longer connecting (restore failed or abandoned).
 */
export function useRestoringSession(account: AccountSnapshot): string | undefined {
  const hydrating = useSyncExternalStore(subscribeNothing, () => false, () => true);
  const stored = useSyncExternalStore(subscribeNothing, readStoredSession, readPrerenderedSession);
  const [settled, setSettled] = useState(false);
  const connecting = account.status === 'connecting';
  useEffect(() => {
    if (!hydrating && !connecting) setSettled(true);
  }, [hydrating, connecting]);
  if (settled || account.isConnected || stored === undefined) return undefined;
  return hydrating || connecting ? stored : undefined;
}
