import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WalletProvider } from '@minibot/modal/react';
import { App } from './App.js';
import { siteConfig } from './config.js';
import { hasWalletSession, LazyModalClient } from './lazyModal.js';
import './styles.css';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

// The modal (with viem) loads after the first paint; see LazyModalClient. Reads until then take the light path.
const modal = new LazyModalClient(
  () => import('./modal.js').then(({ createSiteModal }) => createSiteModal(siteConfig)),
  (parameters) => import('./chain/lightRead.js').then(({ readSiteContract }) => readSiteContract(parameters)),
);
modal.preload({ eager: hasWalletSession() });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WalletProvider client={modal}>
      <App />
    </WalletProvider>
  </StrictMode>,
);
