import { useEffect, type ReactNode } from 'react';
import type { ModalClient } from '../core/types.js';
import { ModalClientContext } from './context.js';

export interface WalletProviderProps {
  client: ModalClient;
  children?: ReactNode;
}

/**
 * Wraps an app: exposes the modal client, hence the connected address and `isConnected` (see `useAccount`).
 * Logs 'Wallet provider mounted' when mounted (spec section 1).
 * @example <WalletProvider client={modal}><App /></WalletProvider>
 */
export function WalletProvider({ client, children }: WalletProviderProps) {
  useEffect(() => {
    console.info('Wallet provider mounted');
  }, []);
  return <ModalClientContext.Provider value={client}>{children}</ModalClientContext.Provider>;
}
