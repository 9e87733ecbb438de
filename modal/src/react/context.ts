import { createContext, useContext } from 'react';
import type { ModalClient } from '../core/types.js';

export const ModalClientContext = createContext<ModalClient | undefined>(undefined);

/** The client given to `<WalletProvider>`. */
export function useModalClient(): ModalClient {
  const client = useContext(ModalClientContext);
  if (!client) throw new Error('useModalClient must be used inside <WalletProvider client={...}>');
  return client;
}
