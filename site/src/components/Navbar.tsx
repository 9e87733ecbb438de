import { useRef } from 'react';
import { useModal } from '@minibot/modal/react';
import { brand } from '../content.js';
import { useFocusRescue } from '../hooks/useFocusRescue.js';
import { Link } from '../router.js';
import { Logo } from './Logo.js';
import { WalletButton } from './WalletButton.js';

export function Navbar() {
  const wallet = useRef<HTMLDivElement>(null);
  const { isOpen } = useModal();
  // Connecting replaces the Connect button by the address button: focus follows it there.
  useFocusRescue(wallet, () => wallet.current?.querySelector('button'), isOpen);
  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to="/" className="navbar__home" aria-label={brand.logoAlt}>
          <Logo />
        </Link>
        <div className="navbar__wallet" ref={wallet}>
          <WalletButton />
        </div>
      </div>
    </header>
  );
}
