import type { ModalControllers } from './bag.js';

/**
 * A signal between the lazy feature chunks: a swap or a purchase changed the account's balances, so the Account
 * hub (if it was loaded) refreshes its balances and Activity. Kept in its own tiny module so neither chunk pulls the other.
 */
const listeners = new WeakMap<ModalControllers, Set<() => void>>();

/** Tells whoever listens that the connected account's balances and history changed. */
export function notifyAccountActivity(controllers: ModalControllers): void {
  listeners.get(controllers)?.forEach((listener) => listener());
}

/** Runs `listener` after each `notifyAccountActivity` of these controllers; returns the unsubscribe. */
export function onAccountActivity(controllers: ModalControllers, listener: () => void): () => void {
  let set = listeners.get(controllers);
  if (!set) listeners.set(controllers, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}
