/**
 * A read-only store in the shape React's `useSyncExternalStore` takes (Svelte, Vue and plain code subscribe the same
 * way): `getSnapshot()` returns the same object until the state it shows changes, so a render never loops.
 */
export interface ExternalStore<T> {
  /** Calls `listener` after each change of the snapshot; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && (Object.getPrototypeOf(value) === Object.prototype || Array.isArray(value));

/** Equal when the same, or plain objects and arrays whose members are equal (down to `depth` levels). */
export function sameValue(a: unknown, b: unknown, depth = 3): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0 || !isPlain(a) || !isPlain(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key], depth - 1));
}

/**
 * A snapshot derived from the controllers' stores: `watch` subscribes to the sources (while someone listens to this
 * store) and calls `changed` when one of them changes; `compute` builds the snapshot, which replaces the last one only
 * when it differs (`sameValue`). Without listeners `getSnapshot()` computes on demand and still keeps identity.
 * @example derivedStore((changed) => connection.subscribe(changed), () => ({ status: connection.getState().status }))
 */
export function derivedStore<T>(watch: (changed: () => void) => () => void, compute: () => T): ExternalStore<T> {
  let snapshot: T | undefined;
  let has = false;
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;
  const refresh = (): boolean => {
    const next = compute();
    if (has && sameValue(snapshot, next)) return false;
    snapshot = next;
    has = true;
    return true;
  };
  const changed = () => {
    if (refresh()) for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!stop) {
        refresh();
        stop = watch(changed);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && stop) {
          stop();
          stop = undefined;
        }
      };
    },
    getSnapshot() {
      if (!stop) refresh();
      return snapshot as T;
    },
  };
}

/** Subscribes `changed` to every store given; returns one unsubscribe for all. */
export function watchAll(stores: readonly ({ subscribe(listener: () => void): () => void } | undefined)[], changed: () => void): () => void {
  const offs = stores.map((store) => store?.subscribe(() => changed()));
  return () => offs.forEach((off) => off?.());
}
