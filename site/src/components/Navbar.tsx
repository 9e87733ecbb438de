import { brand } from '../content.js';
import { Link } from '../router.js';
import { Logo } from './Logo.js';
import { WalletButton } from './WalletButton.js';

export function Navbar() {
  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to="/" className="navbar__home" aria-label={brand.logoAlt}>
          <Logo />
        </Link>
        <WalletButton />
      </div>
    </header>
  );
}
