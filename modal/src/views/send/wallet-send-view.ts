import { html, nothing } from 'lit';
import type { MbInputEvent } from '../../ui/input/input.js';
import type { MbPickEvent } from '../../ui/token-picker/token-picker.js';
import '../../ui/token-picker/token-picker.js';
import { defineElement } from '../../ui/define.js';
import { safeImageUrl } from '../../core/safe-url.js';
import { FeatureController, StoreController } from '../store-controller.js';
import type { HubControllers } from '../../controllers/hub.js';
import type { SendBlocker } from '../../controllers/send/send-flow.js';
import { MbView, viewStyles, FirstFieldFocus } from '../view.js';
import { sendStyles } from './send.styles.js';
import { namedReceiver } from './receiver.js';
import '../../ui/input/input.js';
import '../../ui/button/button.js';
import '../../ui/wallet-image/wallet-image.js';
import '../../ui/spinner/spinner.js';
import '../../ui/text/text.js';

/**
 * WalletSend: the token (a searchable picker of the balances, with images), the amount with Max, the receiver as an address or a name (shown with
 * its avatar and its whole checksummed address once resolved), the network fee in USD, and a button that names what is missing until the form is
 * complete, then opens the preview.
 *
 * @tag mb-wallet-send-view
 */
export class MbWalletSendView extends MbView {
  static override styles = [...viewStyles, sendStyles];
  protected readonly firstField = new FirstFieldFocus(this, { touch: true });

  private readonly form = new StoreController(this, () => this.controllers?.send);
  private readonly flow = new FeatureController(this, (c) => c.hub, { store: (hub) => hub.sendFlow, connected: (hub) => this.start(hub) });
  private readonly portfolio = new FeatureController(this, (c) => c.hub, { store: (hub) => hub.portfolio });

  /** Loads the balances, picks the first token when none is chosen, and asks the fee. */
  private start(hub: HubControllers): void {
    void hub.portfolio.fetch().then(() => {
      const balances = hub.portfolio.getState().balances;
      this.controllers.send.set({ tokenBalances: balances });
      const first = balances[0];
      if (!this.controllers.send.getState().token && first) hub.sendFlow.selectToken(first);
      void hub.sendFlow.fetchGasPrice();
    });
  }

  private reason(blocker: SendBlocker): string {
    const t = this.localize.texts;
    const symbol = this.controllers.networks.getState().activeNetwork.nativeCurrency.symbol;
    const reasons: Record<SendBlocker, string> = {
      selectToken: t.selectToken,
      enterAmount: t.enterAmount,
      insufficientFunds: t.insufficientFunds,
      enterReceiver: t.enterReceiver,
      resolvingName: t.resolvingName,
      invalidReceiver: t.invalidReceiver,
      insufficientGas: t.insufficientGas(symbol),
      gasPriceLoading: t.networkFee,
    };
    return reasons[blocker];
  }

  /** The amount field's error: typed text that is no amount, or more than the balance. */
  private amountError(blocker: SendBlocker | undefined): string {
    const form = this.form.value!;
    if (blocker === 'insufficientFunds') return this.localize.texts.insufficientFunds;
    return form.token && form.sendTokenAmount && form.sendTokenValue === undefined ? this.localize.texts.invalidAmount : '';
  }

  /** The receiver field's error: typed text that is neither an address nor a name that resolved. */
  private receiverError(): string {
    const form = this.form.value!;
    return (form.receiverInput ?? '').trim() && !form.resolvingName && !form.receiverAddress ? this.localize.texts.invalidReceiver : '';
  }

  override render() {
    const form = this.form.value;
    const portfolio = this.portfolio.value;
    const flow = this.flow.value;
    if (!form || !flow || !portfolio) return nothing;
    const hub = this.flow.current!;
    const t = this.localize.texts;
    const balances = portfolio.balances;
    const token = form.token;
    const selected = token ? balances.findIndex((b) => b.address === token.address) : -1;
    const blocker = hub.sendFlow.blocker();
    const amountUsd = hub.sendFlow.amountUsd();
    const receiverAvatar = safeImageUrl(form.receiverProfileImageUrl);
    return html`<div class="field">
        <span class="label" aria-hidden="true">${t.token}</span>
        <mb-token-picker
          label=${t.token}
          placeholder=${t.selectToken}
          search-label=${t.searchTokens}
          empty-text=${t.noTokenFound}
          value=${selected < 0 ? '' : String(selected)}
          .options=${balances.map((b, index) => ({
            value: String(index),
            symbol: b.symbol,
            name: b.name,
            amount: this.localize.tokenAmount(b.quantity.numeric),
            imageSrc: this.controllers.directory.tokenImage(b),
            keywords: b.address,
          }))}
          @mb-pick=${(event: MbPickEvent) => this.pickToken(event.value)}
        ></mb-token-picker>
      </div>
      <div class="field">
        <span class="label" aria-hidden="true">${t.amount}</span>
        <div class="amount">
          <mb-input
            class="amount-input"
            label=${t.amount}
            inputmode="decimal"
            error=${this.amountError(blocker)}
            placeholder=${this.localize.number(0, { minimumFractionDigits: 1 })}
            .value=${form.sendTokenAmount ?? ''}
            @mb-input=${(event: MbInputEvent) => hub.sendFlow.setAmount(event.value)}
          ></mb-input>
          <mb-button variant="secondary" size="sm" ?disabled=${!token} @click=${() => hub.sendFlow.setMax()}>${t.max}</mb-button>
        </div>
        ${token
          ? html`<div class="hint">
              <bdi>${t.available(`${this.localize.tokenAmount(token.balance)} ${token.symbol}`)}</bdi>
              ${amountUsd !== undefined ? html`<bdi>${this.localize.usd(amountUsd)}</bdi>` : nothing}
            </div>`
          : nothing}
      </div>
      <div class="field">
        <span class="label" aria-hidden="true">${t.receiver}</span>
        <mb-input
          class="receiver-input"
          label=${t.receiver}
          error=${this.receiverError()}
          placeholder=${t.receiverPlaceholder}
          .value=${form.receiverInput ?? ''}
          @mb-input=${(event: MbInputEvent) => hub.sendFlow.setReceiver(event.value)}
        ></mb-input>
        ${form.resolvingName
          ? html`<div class="profile" role="status"><mb-spinner size="16"></mb-spinner><mb-text tone="muted" variant="small">${t.resolvingName}</mb-text></div>`
          : form.receiverProfileName && form.receiverAddress
            ? namedReceiver({ name: form.receiverProfileName, address: form.receiverAddress, avatar: receiverAvatar })
            : nothing}
      </div>
      ${form.gasPriceInUSD !== undefined
        ? html`<div class="hint"><span>${t.networkFee}</span><span>${this.localize.usd(form.gasPriceInUSD)}</span></div>`
        : nothing}
      <mb-button class="submit" full-width ?disabled=${Boolean(blocker)} @click=${() => this.controllers.router.push('WalletSendPreview')}>
        ${blocker ? this.reason(blocker) : t.review}
      </mb-button>`;
  }

  private pickToken(index: string) {
    const balance = this.flow.current!.portfolio.getState().balances[Number(index)];
    if (!balance) return;
    const flow = this.flow.current!.sendFlow;
    flow.selectToken(balance);
    void flow.fetchGasPrice();
  }
}

defineElement('mb-wallet-send-view', MbWalletSendView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-wallet-send-view': MbWalletSendView;
  }
}
