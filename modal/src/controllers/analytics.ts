import type { ApiContext } from '../api/http.js';
import { createStore, type WritableStore } from '../core/store.js';
import { log } from '../core/log.js';
import { HttpError } from '../errors.js';
import type { ModalCoreMessages } from '../texts/locale.js';
import type { Clock, ResolvedOptions, Store } from '../core/types.js';
import type { ModalController } from './modal.js';
import type { ToastController } from './toasts.js';

export interface AnalyticsAlert {
  message: string;
  hint: string;
}

export interface AnalyticsState {
  enabled: boolean;
  /** 'Invalid App Configuration', shown once. */
  alert?: AnalyticsAlert;
}

export interface AnalyticsEventInput {
  type: 'track' | 'error';
  event: string;
  address?: string;
  properties?: Record<string, unknown>;
}

export interface AnalyticsController extends Store<AnalyticsState> {
  /**
   * Fetches the analytics config and checks the allowed origins. `createModal` runs it on the first interaction (the
   * pointer on the button, `open()`, `prefetch()`); events sent meanwhile wait for the config.
   */
  init(): Promise<void>;
  sendEvent(event: AnalyticsEventInput): Promise<void>;
  dismissAlert(): void;
}

export interface AnalyticsControllerDeps {
  /** User-visible texts: the options' `messages` (English, then the locale's and the overrides'), given by `createControllers`. */
  messages: ModalCoreMessages;
  api: ApiContext;
  /** The page's location; undefined outside a browser (then nothing is sent). */
  location?: { href: string; hostname: string; origin: string };
  /** The analytics feature flag. */
  analyticsFeature: boolean;
  /** The events' ids; `crypto.randomUUID` by default. */
  randomId?: () => string;
  now: () => number;
  /** Where the one-time alert is also reported (the modal's logger at error level by default). */
  report?: (message: string) => void;
  /** The store to keep the state in (the bag's, when the controller loads after it: `deferAnalytics`); a new one by default. */
  store?: WritableStore<AnalyticsState>;
}

const randomEventId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

/** `https://*.example.com` style patterns of the allow-list. */
export function isOriginAllowed(origin: string, allowed: string[]): boolean {
  if (allowed.length === 0) return true;
  return allowed.some((pattern) => {
    if (pattern === origin || pattern === '*') return true;
    if (!pattern.includes('*')) return false;
    const regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('[^/]*')}$`);
    return regex.test(origin);
  });
}

/** Analytics config and events; HTTP 403 or a disallowed origin shows 'Invalid App Configuration' once. */
export function createAnalyticsController(deps: AnalyticsControllerDeps): AnalyticsController {
  const text = deps.messages;
  const store = deps.store ?? createStore<AnalyticsState>({ enabled: false });
  let alertShown = false;
  const showAlert = () => {
    if (alertShown) return;
    alertShown = true;
    store.setState({ alert: { message: text.invalidAppConfiguration, hint: text.invalidAppConfigurationHint } });
    (deps.report ?? ((m: string) => log('error', m)))(`${text.invalidAppConfiguration}: ${text.invalidAppConfigurationHint}`);
  };
  const isForbidden = (error: unknown) => error instanceof HttpError && error.status === 403;
  /** The config request in flight: an event sent meanwhile (the first MODAL_OPEN) waits for it. */
  let configLoading: Promise<void> | undefined;

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    async init() {
      const location = deps.location;
      if (!location) return;
      // The checks' requests load as a chunk of their own, out of what a page loads before the first click.
      const requests = import('../api/project.js');
      const checks: Promise<void>[] = [
        requests.then((m) => m.fetchAllowedOrigins(deps.api)).then(
          (allowed) => {
            if (!isOriginAllowed(location.origin, allowed)) showAlert();
          },
          (error) => {
            if (isForbidden(error)) showAlert();
          },
        ),
      ];
      if (deps.analyticsFeature) {
        configLoading = requests.then((m) => m.fetchAnalyticsConfig(deps.api)).then(
          (config) => store.setState({ enabled: config.isAnalyticsEnabled }),
          (error) => {
            if (isForbidden(error)) showAlert();
          },
        );
        checks.push(configLoading);
      }
      await Promise.all(checks);
    },
    async sendEvent(event) {
      const location = deps.location;
      if (!location) return;
      if (configLoading) await configLoading;
      if (!store.getState().enabled) return;
      try {
        const { sendAnalyticsEvent } = await import('../api/analytics.js');
        await sendAnalyticsEvent(deps.api, {
          eventId: (deps.randomId ?? randomEventId)(),
          url: location.href,
          domain: location.hostname,
          timestamp: deps.now(),
          props: event,
        });
      } catch (error) {
        if (isForbidden(error)) showAlert();
      }
    },
    dismissAlert() {
      store.setState({ alert: undefined });
    },
  };
}

/**
 * The bag's analytics controller over its options, API context and clock, keeping its state in `store` (the one
 * `deferAnalytics` made): made when this chunk loads, on the first interaction. Only it sets the one-time alert, so the
 * alert's toast is wired here: an error toast when the modal is (or next gets) open.
 */
export function create(
  { options, api, clock, modal, toasts }: { options: Pick<ResolvedOptions, 'messages' | 'features'>; api: ApiContext; clock: Clock; modal: ModalController; toasts: ToastController },
  environment: { location?: AnalyticsControllerDeps['location']; randomId?: () => string },
  store: WritableStore<AnalyticsState>,
): AnalyticsController {
  const showPendingAlert = () => {
    const { alert } = store.getState();
    if (!alert || !modal.getState().open) return;
    store.setState({ alert: undefined });
    toasts.show('error', `${alert.message}. ${alert.hint}`);
  };
  store.subscribe(showPendingAlert);
  modal.subscribe((state, previous) => state.open && !previous.open && showPendingAlert());
  return createAnalyticsController({
    messages: options.messages,
    api,
    location: environment.location,
    analyticsFeature: options.features.analytics,
    randomId: environment.randomId,
    now: () => clock.now(),
    store,
  });
}
