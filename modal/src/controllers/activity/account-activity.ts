import type { CoreControllers } from '../core-controllers.js';

/**
 * A signal between the lazy feature chunks: a swap or a purchase changed the account's balances, so the Account
 * hub (if it was loaded) refreshes its balances and Activity. Kept in its own tiny module so neither chunk pulls the other.
 */
const listeners = new WeakMap<CoreControllers, Set<() => void>>();

/** Tells whoever listens that the connected account's balances and history changed. */
export function notifyAccountActivity(controllers: CoreControllers): void {
  listeners.get(controllers)?.forEach((listener) => listener());
}

/** Runs `listener` after each `notifyAccountActivity` of these controllers; returns the unsubscribe. */
export function onAccountActivity(controllers: CoreControllers, listener: () => void): () => void {
  let set = listeners.get(controllers);
  if (!set) listeners.set(controllers, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
