import { useId } from 'react';
import type { Hash } from 'viem';
import { hero } from '../content.js';
import type { MintStatus } from '../hooks/useMint.js';
import type { MintAreaState } from '../mintArea.js';
import { Link } from '../router.js';
import { Button, ButtonLink } from './Button.js';

export interface MintAreaProps {
  state: MintAreaState;
  explorerTxUrl(hash: Hash): string;
  onConnect(): void;
  onMint(): void;
  onTermsChange(accepted: boolean): void;
}

function MintFeedback({ mint, explorerTxUrl }: { mint: MintStatus; explorerTxUrl(hash: Hash): string }) {
  return (
    <div className="mint__feedback" aria-live="polite">
      {mint.kind === 'error' && <p className="mint__error" role="alert">{mint.message}</p>}
      {mint.kind === 'success' && (
        <div className="mint__success">
          <p className="mint__success-title">{hero.success}</p>
          <p className="mint__tx">
            {hero.transaction}{' '}
            <a href={explorerTxUrl(mint.hash)} target="_blank" rel="noopener noreferrer" className="mint__tx-link">
              {`${mint.hash.slice(0, 10)}...${mint.hash.slice(-8)}`}
            </a>
          </p>
        </div>
      )}
    </div>
  );
}

/** The hero's mint area: renders one named state of `MintAreaState`. */
export function MintArea({ state, explorerTxUrl, onConnect, onMint, onTermsChange }: MintAreaProps) {
  const termsId = useId();
  switch (state.kind) {
    case 'disconnected':
      return (
        <div className="mint">
          <Button size="lg" className="mint__action" onClick={onConnect}>{hero.connect}</Button>
        </div>
      );
    case 'checking':
      return (
        <div className="mint">
          <p className="mint__checking" role="status"><span className="spinner" aria-hidden="true" />{hero.checking}</p>
        </div>
      );
    case 'owner': {
      const minting = state.mint.kind === 'minting';
      return (
        <div className="mint">
          <p className="mint__owner">{hero.owner}</p>
          <div className="mint__actions">
            <Button size="lg" className="mint__action" disabled={minting} onClick={onMint}>
              {minting ? hero.minting : hero.mintMore}
            </Button>
            <ButtonLink size="lg" variant="secondary" href={state.marketplaceUrl} external>
              {hero.viewOnMarketplace}
            </ButtonLink>
          </div>
          <MintFeedback mint={state.mint} explorerTxUrl={explorerTxUrl} />
        </div>
      );
    }
    case 'non-owner': {
      const minting = state.mint.kind === 'minting';
      return (
        <div className="mint">
          <div className="mint__terms">
            <input
              id={termsId}
              type="checkbox"
              checked={state.termsAccepted}
              disabled={minting}
              onChange={(event) => onTermsChange(event.target.checked)}
            />
            <label htmlFor={termsId}>
              {hero.termsBefore}
              <Link to="/terms">{hero.termsLink}</Link>
              {hero.termsAfter}
            </label>
          </div>
          <Button
            size="lg"
            className="mint__action"
            disabled={minting}
            // Unticked terms: announced as disabled but still focusable, so that a click explains why.
            aria-disabled={!state.termsAccepted || undefined}
            onClick={onMint}
          >
            {minting ? hero.minting : hero.mint}
          </Button>
          <MintFeedback mint={state.mint} explorerTxUrl={explorerTxUrl} />
        </div>
      );
    }
  }
}
