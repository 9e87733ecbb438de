import { StrictMode } from 'react';
import type { ModalClient } from '@minibot/modal';
import { WalletProvider } from '@minibot/modal/react';
import { App } from './App.js';

/** The whole page: the same tree is prerendered at build time (entry-server.tsx) and hydrated in the browser (main.tsx). */
export function Root({ client }: { client: ModalClient }) {
  return (
    <StrictMode>
      <WalletProvider client={client}>
        <App />
      </WalletProvider>
    </StrictMode>
  );
}
