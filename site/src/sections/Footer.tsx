import { brand, footer } from '../content.js';
import { Link } from '../router.js';
import { Logo } from '../components/Logo.js';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Logo />
          <p className="footer__tagline">{footer.tagline}</p>
        </div>
        <nav className="footer__col" aria-label={footer.linksHeading}>
          <h2 className="footer__heading">{footer.linksHeading}</h2>
          <ul role="list">
            <li><a href={brand.privacyUrl}>{footer.privacy}</a></li>
            <li><Link to="/terms">{footer.terms}</Link></li>
            <li><a href={brand.whitepaperUrl} target="_blank" rel="noopener noreferrer">{footer.whitepaper}</a></li>
            <li><a href={brand.companyUrl} target="_blank" rel="noopener noreferrer">{footer.company}</a></li>
            <li><a href={`mailto:${brand.contactEmail}`}>{footer.contact}: {brand.contactEmail}</a></li>
          </ul>
        </nav>
        <nav className="footer__col" aria-label={footer.communityHeading}>
          <h2 className="footer__heading">{footer.communityHeading}</h2>
          <ul role="list">
            <li><a href={brand.chatUrl} target="_blank" rel="noopener noreferrer">{footer.chat}</a></li>
            <li><a href={brand.socialUrl} target="_blank" rel="noopener noreferrer">{footer.social}</a></li>
          </ul>
        </nav>
      </div>
      <p className="footer__copyright">{footer.copyright}</p>
    </footer>
  );
}
