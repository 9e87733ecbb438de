import type { Clock, Eip1193Provider } from '../core/types.js';
import type { ConnectorDiscovery } from './eip6963.js';

/**
 * Resolves the provider of `connectorId` once it is announced, or undefined after `timeoutMs` (the restore of a stored
 * session, in the chunk of a connect's requests).
 */
export function waitForProvider(discovery: ConnectorDiscovery, clock: Clock, connectorId: string, timeoutMs: number): Promise<Eip1193Provider | undefined> {
  const found = discovery.getProvider(connectorId);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const unsubscribe = discovery.subscribe(() => {
      const provider = discovery.getProvider(connectorId);
      if (!provider) return;
      clock.clearTimeout(timer);
      unsubscribe();
      resolve(provider);
    });
    const timer = clock.setTimeout(() => {
      unsubscribe();
      resolve(discovery.getProvider(connectorId));
    }, timeoutMs);
  });
}
