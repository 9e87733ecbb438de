/**
 * A feature of the controllers bag made on first use (its own lazy chunk): `load()` imports and builds it once,
 * `current` holds it from then on. `createControllers` builds every one; nothing else knows how.
 */
export interface LazyFeature<T> {
  /** The feature once loaded; undefined before. */
  readonly current: T | undefined;
  /** Loads and builds the feature (once; a failed load is tried again on the next call). */
  load(): Promise<T>;
}

export function lazyFeature<T>(make: () => Promise<T>): LazyFeature<T> {
  let current: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get current() {
      return current;
    },
    load: () =>
      (loading ??= make().then(
        (made) => (current = made),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}
