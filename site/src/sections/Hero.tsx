import { useRef, useState } from 'react';
import { useAccount, useModal } from '@minibot/modal/react';
import { formatAmount } from '../chain/formatAmount.js';
import { Card } from '../components/Card.js';
import { MintArea } from '../components/MintArea.js';
import { explorerTxUrl, marketplaceUrl, siteConfig } from '../config.js';
import { hero } from '../content.js';
import robotSvg from '../assets/minibot.svg?raw';
import { useFocusRescue } from '../hooks/useFocusRescue.js';
import { useMint } from '../hooks/useMint.js';
import { useOwnership } from '../hooks/useOwnership.js';
import { usePrice, type PriceState } from '../hooks/usePrice.js';
import { isWrongNetwork } from '../chain/wrongNetwork.js';
import { mintAreaState } from '../mintArea.js';
import { useRestoringSession } from '../restoring.js';

/** The id the 'Order Now' button scrolls to. */
export const MINT_AREA_ID = 'mint';

export function formatPrice(state: PriceState): string {
  const { decimals, symbol } = siteConfig.preset.nativeCurrency;
  switch (state.status) {
    case 'loading':
      return hero.priceLoading;
    case 'unavailable':
      return hero.priceUnavailable;
    case 'ready':
      return `${formatAmount(state.price, decimals)} ${symbol}`;
  }
}

/** Hero card (badge, headline, price, mint area) and the image card. */
export function Hero() {
  const account = useAccount();
  const restoring = useRestoringSession(account) !== undefined;
  const { open, isOpen } = useModal();
  const mintArea = useRef<HTMLDivElement>(null);
  const price = usePrice();
  const ownership = useOwnership(account.isConnected ? account.address : undefined);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const { status, mint } = useMint({
    account: account.isConnected ? account.address : undefined,
    walletChainId: account.isConnected ? account.chainId : undefined,
    price: price.status === 'ready' ? price.price : undefined,
    isOwner: ownership.ownsNft,
    termsAccepted,
    onMinted: ownership.refetch,
  });

  const state = mintAreaState({
    isConnected: account.isConnected && Boolean(account.address),
    isRestoring: restoring,
    isChecking: ownership.isChecking,
    ownsNft: ownership.ownsNft,
    passCount: ownership.balance,
    marketplaceUrl: marketplaceUrl(siteConfig, ownership.tokenId),
    termsAccepted,
    wrongNetwork: isWrongNetwork(account),
    mint: status,
  });

  // Connecting, minting and each new mint state replace the control that had focus: it stays in the mint area.
  useFocusRescue(mintArea, undefined, `${isOpen}:${state.kind}`);

  return (
    <section className="hero" aria-labelledby="hero-heading">
      <Card elevation={2} className="hero__card">
        <p className="badge">{hero.badge}</p>
        <h1 id="hero-heading" className="hero__headline">{hero.headline}</h1>
        <p className="hero__lead">{hero.lead}</p>
        <div className="hero__price">
          <span className="hero__price-label">{hero.priceLabel}</span>
          <span className="hero__price-value" data-testid="price">{formatPrice(price)}</span>
        </div>
        <div id={MINT_AREA_ID} ref={mintArea} className="hero__mint" tabIndex={-1} role="region" aria-label={hero.mintAreaLabel}>
          <MintArea
            state={state}
            explorerTxUrl={(hash) => explorerTxUrl(siteConfig, hash)}
            chainLabel={siteConfig.preset.label}
            onConnect={() => {
              open().catch((error: unknown) => console.error('Could not open the wallet modal', error));
            }}
            onMint={() => void mint()}
            onTermsChange={setTermsAccepted}
          />
        </div>
      </Card>
      <Card elevation={1} className="hero__image">
        {/* The robot is drawn in the page itself (inline SVG, 2 kB): it paints with the text in the first frame, with no
            request of its own. */}
        <div className="hero__robot" role="img" aria-label={hero.imageAlt} dangerouslySetInnerHTML={{ __html: robotSvg }} />
      </Card>
    </section>
  );
}
