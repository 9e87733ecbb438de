import type { ApiContext } from '../api/http.js';
import { createStore } from '../core/store.js';
import { log } from '../core/log.js';
import { HttpError } from '../errors.js';
import { coreMessages as messages } from '../texts/core-messages.js';
import type { ModalCoreMessages } from '../texts/locale.js';
import type { Store } from '../core/types.js';

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
  /** Fetches the analytics config and checks the allowed origins. */
  init(): Promise<void>;
  sendEvent(event: AnalyticsEventInput): Promise<void>;
  dismissAlert(): void;
}

export interface AnalyticsControllerDeps {
  /** User-visible texts (the options' `messages`); default English. */
  messages?: ModalCoreMessages;
  api: ApiContext;
  /** The page's location; undefined outside a browser (then nothing is sent). */
  location?: { href: string; hostname: string; origin: string };
  /** The analytics feature flag. */
  analyticsFeature: boolean;
  randomId: () => string;
  now: () => number;
  /** Where the one-time alert is also reported (the modal's logger at error level by default). */
  report?: (message: string) => void;
}

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
  const text = deps.messages ?? messages;
  const store = createStore<AnalyticsState>({ enabled: false });
  let alertShown = false;
  const showAlert = () => {
    if (alertShown) return;
    alertShown = true;
    store.setState({ alert: { message: text.invalidAppConfiguration, hint: text.invalidAppConfigurationHint } });
    (deps.report ?? ((m: string) => log('error', m)))(`${text.invalidAppConfiguration}: ${text.invalidAppConfigurationHint}`);
  };
  const isForbidden = (error: unknown) => error instanceof HttpError && error.status === 403;

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    async init() {
      const location = deps.location;
      if (!location) return;
      // The checks' requests load as a chunk of their own, out of what a page loads before the first click.
      const { fetchAllowedOrigins, fetchAnalyticsConfig } = await import('../api/directory.js');
      const checks: Promise<void>[] = [
        fetchAllowedOrigins(deps.api).then(
          (allowed) => {
            if (!isOriginAllowed(location.origin, allowed)) showAlert();
          },
          (error) => {
            if (isForbidden(error)) showAlert();
          },
        ),
      ];
      if (deps.analyticsFeature) {
        checks.push(
          fetchAnalyticsConfig(deps.api).then(
            (config) => store.setState({ enabled: config.isAnalyticsEnabled }),
            (error) => {
              if (isForbidden(error)) showAlert();
            },
          ),
        );
      }
      await Promise.all(checks);
    },
    async sendEvent(event) {
      const location = deps.location;
      if (!location || !store.getState().enabled) return;
      try {
        const { sendAnalyticsEvent } = await import('../api/analytics.js');
        await sendAnalyticsEvent(deps.api, {
          eventId: deps.randomId(),
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
