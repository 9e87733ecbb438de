import { useEffect, type ReactNode } from 'react';
import { getDefaultClient } from '../client-registry.js';
import type { ModalClient } from '../core/types.js';
import { ModalClientContext } from './context.js';

export interface WalletProviderProps {
  /**
   * The modal client. Optional: without it, the default client (the first `createModal`), so that a React Server
   * Component, which cannot pass a client object to client code, can render `<WalletProvider>`.
   */
  client?: ModalClient;
  children?: ReactNode;
}

/**
 * Wraps an app: exposes the modal client, hence the connected address and `isConnected` (see `useAccount`).
 * Logs 'Wallet provider mounted' when mounted (spec section 1). Without `client`, the default client.
 * @example <WalletProvider client={modal}><App /></WalletProvider>
 */
export function WalletProvider({ client, children }: WalletProviderProps) {
  useEffect(() => {
    console.info('Wallet provider mounted');
  }, []);
  return <ModalClientContext.Provider value={client ?? getDefaultClient()}>{children}</ModalClientContext.Provider>;
}
