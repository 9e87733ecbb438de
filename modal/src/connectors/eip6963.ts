import { LEGACY_INJECTED_CONNECTOR_ID } from '../core/core-constants.js';
import type { ConnectorInfo, Eip1193Provider } from '../core/types.js';

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}
export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

/** The window-like target the discovery listens on (a real window, or an EventTarget in tests). */
export interface DiscoveryTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  dispatchEvent(event: Event): boolean;
  ethereum?: Eip1193Provider;
}

export interface ConnectorDiscovery {
  /** Listens for announcements and requests them (idempotent). */
  start(): void;
  getConnectors(): ConnectorInfo[];
  getProvider(connectorId: string): Eip1193Provider | undefined;
  subscribe(listener: (connectors: ConnectorInfo[]) => void): () => void;
}

/**
 * EIP-6963 discovery: announced wallets with their icon and name, late announcements included,
 * duplicates by rdns dropped; the legacy `window.ethereum` only when nothing is announced.
 */
export function createEip6963Discovery(target: DiscoveryTarget | undefined): ConnectorDiscovery {
  const announced = new Map<string, Eip6963ProviderDetail>();
  const listeners = new Set<(connectors: ConnectorInfo[]) => void>();
  let started = false;
  let connectors: ConnectorInfo[] = [];

  const compute = (): ConnectorInfo[] => {
    // Announcements come from any script on the page: the name is text (Lit escapes it), the icon a string that
    // views pass through safeImageUrl before an <img> shows it.
    const list: ConnectorInfo[] = [...announced.values()].map(({ info }) => ({
      id: info.rdns,
      name: typeof info.name === 'string' && info.name.trim() ? info.name.trim().slice(0, 100) : info.rdns,
      icon: typeof info.icon === 'string' && info.icon.length < 1e6 ? info.icon : undefined,
      rdns: info.rdns,
      type: 'ANNOUNCED',
    }));
    if (list.length === 0 && target?.ethereum) {
      list.push({ id: LEGACY_INJECTED_CONNECTOR_ID, name: 'Browser Wallet', type: 'INJECTED' });
    }
    return list;
  };
  const refresh = () => {
    connectors = compute();
    for (const listener of [...listeners]) listener(connectors);
  };
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<Eip6963ProviderDetail>).detail;
    const rdns = detail?.info?.rdns;
    if (typeof rdns !== 'string' || !/^[-\w.]{1,255}$/.test(rdns) || typeof detail.provider?.request !== 'function') return;
    if (announced.has(rdns)) return;
    announced.set(rdns, { info: { ...detail.info }, provider: detail.provider });
    refresh();
  };

  return {
    start() {
      if (started || !target) return;
      started = true;
      target.addEventListener('eip6963:announceProvider', onAnnounce);
      connectors = compute();
      target.dispatchEvent(new Event('eip6963:requestProvider'));
      refresh();
    },
    getConnectors: () => connectors,
    getProvider(connectorId) {
      if (connectorId === LEGACY_INJECTED_CONNECTOR_ID) return target?.ethereum;
      return announced.get(connectorId)?.provider;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
