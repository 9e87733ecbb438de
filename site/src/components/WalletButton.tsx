import { useEffect, useId, useRef, useState } from 'react';
import { useAccount, useDisconnect, useModal } from '@minibot/modal/react';
import { siteConfig } from '../config.js';
import { walletButton } from '../content.js';
import { isWrongNetwork } from '../chain/wrongNetwork.js';
import { useRestoringSession } from '../restoring.js';
import { Button } from './Button.js';

/** 0x1234...abcd: the first 6 and last 4 characters of an address. */
export function shortenAddress(address: string): string {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older or restricted contexts: fall back to a selection copy.
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    const copied = document.execCommand('copy');
    field.remove();
    if (!copied) throw new Error('Copy to clipboard is not available');
  }
}

/**
 * The navbar's wallet button: connect, connecting, or the short address with a Copy / Disconnect menu. While a reload
 * restores the stored session it shows the stored short address at once, busy, as the modal's own button does (never
 * 'Connect Wallet'); a click then opens the modal, like the connecting button's.
 */
export function WalletButton() {
  const account = useAccount();
  const restoring = useRestoringSession(account);
  const { open, prefetch } = useModal();
  const { disconnect } = useDisconnect();
  const [menuOpen, setMenuOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  useEffect(() => {
    if (!account.isConnected) setMenuOpen(false);
  }, [account.isConnected]);

  if (!account.isConnected || !account.address) {
    const openModal = () => {
      open().catch((error: unknown) => console.error('Could not open the wallet modal', error));
    };
    // The same markup as the prerendered page's early script writes (src/earlyScript.ts): hydration matches it.
    if (restoring) {
      return (
        <Button
          size="sm"
          variant="secondary"
          className="wallet-button wallet-button--address"
          aria-busy
          title={restoring}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={openModal}
        >
          <span className="wallet-button__dot" aria-hidden="true" />
          {shortenAddress(restoring)}
        </Button>
      );
    }
    const connecting = account.status === 'connecting' || restoring !== undefined;
    return (
      <Button
        size="sm"
        className="wallet-button"
        aria-busy={connecting || undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={openModal}
      >
        {connecting ? walletButton.connecting : walletButton.connect}
      </Button>
    );
  }

  const address = account.address;
  const wrongNetwork = isWrongNetwork(account);
  const wrongNetworkText = walletButton.wrongNetwork(siteConfig.preset.label);
  return (
    <div className="wallet-menu" ref={root}>
      <Button
        ref={toggle}
        size="sm"
        variant="secondary"
        className={wrongNetwork ? 'wallet-button wallet-button--address wallet-button--wrong-network' : 'wallet-button wallet-button--address'}
        aria-haspopup="true"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        aria-label={wrongNetwork ? `${shortenAddress(address)}, ${wrongNetworkText}` : undefined}
        title={wrongNetwork ? `${address}\n${wrongNetworkText}` : address}
        onClick={() => setMenuOpen((value) => !value)}
      >
        {wrongNetwork ? (
          <span className="wallet-button__mark" data-testid="wrong-network-mark" aria-hidden="true">!</span>
        ) : (
          <span className="wallet-button__dot" aria-hidden="true" />
        )}
        {shortenAddress(address)}
      </Button>
      <div id={menuId} className="wallet-menu__panel" hidden={!menuOpen}>
        <button
          type="button"
          className="wallet-menu__item"
          onClick={() => {
            copyText(address).then(
              () => setCopied(true),
              (error: unknown) => console.error('Copy address failed', error),
            );
          }}
        >
          {walletButton.copy}
        </button>
        <button
          type="button"
          className="wallet-menu__item"
          onClick={() => {
            setMenuOpen(false);
            disconnect().catch((error: unknown) => console.error('Disconnect failed', error));
          }}
        >
          {walletButton.disconnect}
        </button>
        <p className="wallet-menu__feedback" role="status">{copied ? walletButton.copied : ''}</p>
      </div>
    </div>
  );
}
