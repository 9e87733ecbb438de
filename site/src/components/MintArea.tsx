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
  /** The configured chain's label (e.g. 'BSC'), named when the wallet must switch to it. */
  chainLabel: string;
  onConnect(): void;
  onMint(): void;
  onTermsChange(accepted: boolean): void;
}

function TxLink({ hash, explorerTxUrl }: { hash: Hash; explorerTxUrl(hash: Hash): string }) {
  return (
    <a href={explorerTxUrl(hash)} target="_blank" rel="noopener noreferrer" className="mint__tx-link">
      {`${hash.slice(0, 10)}...${hash.slice(-8)}`}
    </a>
  );
}

/** Under 'Minting...': what the visitor waits for, with the transaction link as soon as its hash is known. */
function MintProgressText({ mint, chainLabel, explorerTxUrl }: { mint: MintStatus; chainLabel: string; explorerTxUrl(hash: Hash): string }) {
  if (mint.kind !== 'minting' || !mint.progress) return null;
  const { progress } = mint;
  switch (progress.step) {
    case 'switching':
      return <p className="mint__progress">{hero.progressSwitch(chainLabel)}</p>;
    case 'confirming':
      return <p className="mint__progress">{hero.progressConfirm}</p>;
    case 'pending':
      return (
        <p className="mint__progress mint__tx">
          {hero.progressPending} <TxLink hash={progress.hash} explorerTxUrl={explorerTxUrl} />
        </p>
      );
  }
}

function MintFeedback({ mint, chainLabel, explorerTxUrl }: { mint: MintStatus; chainLabel: string; explorerTxUrl(hash: Hash): string }) {
  return (
    <div className="mint__feedback" aria-live="polite">
      <MintProgressText mint={mint} chainLabel={chainLabel} explorerTxUrl={explorerTxUrl} />
      {mint.kind === 'error' && <p className="mint__error" role="alert">{mint.message}</p>}
      {mint.kind === 'success' && (
        <div className="mint__success">
          <p className="mint__success-title">{hero.success}</p>
          <p className="mint__tx">
            {hero.transaction} <TxLink hash={mint.hash} explorerTxUrl={explorerTxUrl} />
          </p>
        </div>
      )}
    </div>
  );
}

/** Before a mint, while the wallet is on another chain: the switch that minting will ask for. */
function WrongNetworkNote({ show, mint, chainLabel }: { show: boolean; mint: MintStatus; chainLabel: string }) {
  if (!show || mint.kind === 'minting') return null;
  return <p className="mint__network">{hero.wrongNetworkNote(chainLabel)}</p>;
}

/** The hero's mint area: renders one named state of `MintAreaState`. */
export function MintArea({ state, explorerTxUrl, chainLabel, onConnect, onMint, onTermsChange }: MintAreaProps) {
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
          <div className="mint__owner-status">
            <p className="mint__owner">{hero.owner}</p>
            <p className="mint__count" data-testid="pass-count">{hero.ownedCount(state.passCount)}</p>
          </div>
          <WrongNetworkNote show={state.wrongNetwork} mint={state.mint} chainLabel={chainLabel} />
          <div className="mint__actions">
            <Button size="lg" className="mint__action" disabled={minting} onClick={onMint}>
              {minting ? hero.minting : hero.mintMore}
            </Button>
            <ButtonLink size="lg" variant="secondary" href={state.marketplaceUrl} external>
              {hero.viewOnMarketplace}
            </ButtonLink>
          </div>
          <MintFeedback mint={state.mint} chainLabel={chainLabel} explorerTxUrl={explorerTxUrl} />
        </div>
      );
    }
    case 'non-owner': {
      const minting = state.mint.kind === 'minting';
      return (
        <div className="mint">
          <WrongNetworkNote show={state.wrongNetwork} mint={state.mint} chainLabel={chainLabel} />
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
          <MintFeedback mint={state.mint} chainLabel={chainLabel} explorerTxUrl={explorerTxUrl} />
        </div>
      );
    }
  }
}
