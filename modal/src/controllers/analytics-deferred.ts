import { createStore } from '../core/store.js';
import type { AnalyticsController, AnalyticsState } from './analytics.js';
import type { WritableStore } from '../core/store.js';

/**
 * The bag's analytics controller, whose module (with its checks and events) loads on `init()`, the first interaction,
 * and keeps its state in the store made here, so that the alert's subscribers wire before it loads. An event sent
 * before `init()` is dropped, as the controller drops it before its config enabled analytics; one sent after waits for
 * the module, then for the config.
 * @example const analytics = deferAnalytics(() => featureLoaders.analytics().then((m) => (store) => m.create(controllers, environment, store)));
 */
export function deferAnalytics(load: () => Promise<(store: WritableStore<AnalyticsState>) => AnalyticsController>): AnalyticsController {
  const store = createStore<AnalyticsState>({ enabled: false });
  let loading: Promise<AnalyticsController | undefined> | undefined;
  return {
    getState: store.getState,
    subscribe: store.subscribe,
    init() {
      // A module that cannot load (offline, a CSP) leaves analytics off, as failed checks do; the next `init()` tries again.
      loading ??= load().then(
        (create) => create(store),
        () => (loading = undefined),
      );
      return loading.then((controller) => controller?.init());
    },
    sendEvent: (event) => (loading ? loading.then((controller) => controller?.sendEvent(event)) : Promise.resolve()),
    dismissAlert: () => store.setState({ alert: undefined }),
  };
}
