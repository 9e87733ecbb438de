import { useSyncExternalStore, type ReactNode } from 'react';
import { vi } from 'vitest';
import { activeFake, createFakeClient, type FakeAccount, type FakeClient } from './fakeModal.js';

/** The modal's own contract hooks run for real, on the fake client (setup.ts points their `useModalClient` at it). */
export { useReadContract, useWriteContract } from '../../../modal/src/react/hooks.js';

/** A stand-in for `@minibot/modal/react`, steered by tests through `fakeModal`. */
const listeners = new Set<() => void>();

export const fakeModal = {
  account: { isConnected: false, status: 'disconnected' } as FakeAccount,
  get client(): FakeClient {
    return activeFake.client;
  },
  set client(client: FakeClient) {
    activeFake.client = client;
  },
  open: vi.fn(async () => {}),
  close: vi.fn(),
  disconnect: vi.fn(async () => {
    fakeModal.setAccount({ isConnected: false, status: 'disconnected' });
  }),
  setAccount(account: FakeAccount) {
    fakeModal.account = account;
    for (const listener of listeners) listener();
  },
  reset(client: FakeClient = createFakeClient({ chainId: 31337 })) {
    fakeModal.client = client;
    fakeModal.open.mockClear();
    fakeModal.disconnect.mockClear();
    fakeModal.account = { isConnected: false, status: 'disconnected' };
  },
};

export function useAccount(): FakeAccount {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => fakeModal.account,
    // Like the real hook: hydration renders the server's account (no wallet there).
    () => SERVER_ACCOUNT,
  );
}

const SERVER_ACCOUNT: FakeAccount = { isConnected: false, status: 'disconnected' };

export function useModal() {
  return { open: fakeModal.open, close: fakeModal.close, isOpen: false };
}

export function useDisconnect() {
  return { disconnect: fakeModal.disconnect };
}

export function useModalClient() {
  return activeFake.client;
}

export function WalletProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
