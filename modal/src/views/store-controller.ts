import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ModalControllers } from '../controllers/bag.js';
import type { LazyFeature } from '../controllers/lazy.js';
import type { Store } from '../core/types.js';

// The views' two reactive controllers, in one module that ships with the modal's shell (every view uses one).

/**
 * Subscribes a Lit host to a controller's store while the host is connected and re-renders it on
 * every change. `value` is the current snapshot.
 * @example private account = new StoreController(this, () => this.controllers.account);
 */
export class StoreController<S> implements ReactiveController {
  private unsubscribe?: () => void;
  private subscribed?: Store<S>;

  /** `store` is a function so that a host can receive its controllers after construction. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly store: () => Store<S> | undefined,
  ) {
    host.addController(this);
  }

  /** The store's current state, or undefined while the host has no controllers. */
  get value(): S | undefined {
    return this.store()?.getState();
  }

  hostConnected(): void {
    this.sync();
  }

  hostUpdate(): void {
    // Controllers may be assigned after connection: subscribe to whatever store is current.
    this.sync();
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.subscribed = undefined;
  }

  private sync(): void {
    const store = this.store();
    if (store === this.subscribed) return;
    this.unsubscribe?.();
    this.subscribed = store;
    this.unsubscribe = store?.subscribe(() => this.host.requestUpdate());
  }
}

export interface FeatureControllerOptions<F, S> {
  /** The store of the feature the host re-renders on (the feature itself when it is a store). */
  store?: (feature: F) => Store<S> | undefined;
  /** Runs each time the host connects with the feature loaded (or when it finishes loading while connected). */
  connected?: (feature: F) => void;
  /** Follows the feature only when this holds (e.g. an optional feature the options turn on). Default: always. */
  when?: (controllers: ModalControllers) => boolean;
}

/**
 * How a view follows a lazy feature of the controllers bag (hub, swap, onramp, names, embedded wallet, ...): loads it
 * when the host connects (the shell usually has, together with the view's chunk), re-renders the host when it is
 * there and on every change of its store. One controller instead of a preamble per view.
 * @example private readonly swapState = new FeatureController(this, (c) => c.swap, { store: (swap) => swap });
 */
export class FeatureController<F, S = unknown> implements ReactiveController {
  private unsubscribe?: () => void;
  private subscribed?: Store<S>;
  private isConnected = false;
  private loading?: LazyFeature<F>;

  constructor(
    private readonly host: ReactiveControllerHost & { controllers?: ModalControllers },
    private readonly pick: (controllers: ModalControllers) => LazyFeature<F>,
    private readonly options: FeatureControllerOptions<F, S> = {},
  ) {
    host.addController(this);
  }

  /** The feature once loaded; undefined before (and while the host has no controllers). */
  get current(): F | undefined {
    const controllers = this.followed();
    return controllers ? this.pick(controllers).current : undefined;
  }

  /** The current state of the feature's store, once loaded. */
  get value(): S | undefined {
    const feature = this.current;
    return feature === undefined ? undefined : this.options.store?.(feature)?.getState();
  }

  hostConnected(): void {
    this.isConnected = true;
    const feature = this.current;
    if (feature !== undefined) this.options.connected?.(feature);
    this.sync();
  }

  hostUpdate(): void {
    // Controllers may be assigned after connection: follow whatever feature is current.
    this.sync();
  }

  hostDisconnected(): void {
    this.isConnected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.subscribed = undefined;
  }

  private followed(): ModalControllers | undefined {
    const controllers = this.host.controllers;
    return controllers && (this.options.when?.(controllers) ?? true) ? controllers : undefined;
  }

  private sync(): void {
    const controllers = this.followed();
    if (!controllers) return;
    const lazy = this.pick(controllers);
    const feature = lazy.current;
    if (feature === undefined) {
      if (this.loading === lazy) return;
      this.loading = lazy;
      lazy.load().then(
        (loaded) => {
          if (this.isConnected) this.options.connected?.(loaded);
          this.host.requestUpdate();
        },
        () => {
          // A chunk that failed to load is tried again on the next update.
          if (this.loading === lazy) this.loading = undefined;
        },
      );
      return;
    }
    const store = this.options.store?.(feature);
    if (store === this.subscribed) return;
    this.unsubscribe?.();
    this.subscribed = store;
    this.unsubscribe = store?.subscribe(() => this.host.requestUpdate());
  }
}
