import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Store } from '../core/types.js';

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
