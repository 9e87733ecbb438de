import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WalletProvider } from '@minibot/modal/react';
import { App } from './App.js';
import { siteConfig } from './config.js';
import { createSiteModal } from './modal.js';
import './styles.css';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

const modal = createSiteModal(siteConfig);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WalletProvider client={modal}>
      <App />
    </WalletProvider>
  </StrictMode>,
);
