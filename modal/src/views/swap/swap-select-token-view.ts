import { html, nothing } from 'lit';
import { defineElement } from '../../ui/define.js';
import { FeatureController } from '../store-controller.js';
import type { SwapController, SwapTokenInfo } from '../../controllers/swap/swap.js';
import type { MbInputEvent } from '../../ui/input/input.js';
import { MbView, FirstFieldFocus } from '../view.js';
import '../../ui/input/input.js';
import '../../ui/list-item/list-item.js';
import '../../ui/token-image/token-image.js';
import '../../ui/text/text.js';

/**
 * SwapSelectToken: the swap tokens of the active network, the user's own (with balances) first; search by name,
 * symbol or address. Picking one sets the side the Swap view asked for and goes back.
 *
 * @tag mb-swap-select-token-view
 */
export class MbSwapSelectTokenView extends MbView {
  protected readonly firstField = new FirstFieldFocus(this);
  private readonly state = new FeatureController(this, (c) => c.swap, { store: (swap) => swap, connected: (swap) => void swap.ensureLoaded() });
  private query = '';

  get swap(): SwapController | undefined {
    return this.state.current;
  }

  override render() {
    const state = this.state.value;
    if (!state || !this.swap) return nothing;
    const t = this.localize.texts;
    const side = this.controllers.router.getState().data.swapSide ?? 'to';
    const current = side === 'from' ? state.from : state.to;
    const found = this.swap.search(this.query);
    const own = found.filter((token) => token.balance > 0n);
    const rest = found.filter((token) => token.balance === 0n);
    return html`<mb-input type="search" label=${t.searchTokens} placeholder=${t.searchTokens} .value=${this.query} @mb-input=${this.onSearch}></mb-input>
      ${found.length === 0 ? html`<mb-text tone="muted" align="center" role="status">${t.noTokenFound}</mb-text>` : nothing}
      ${own.length > 0 ? html`<h3 id="own">${t.yourTokens}</h3><ul aria-labelledby="own">${own.map((token) => this.item(token, side, current))}</ul>` : nothing}
      ${rest.length > 0 ? html`<h3 id="all">${t.allTokens}</h3><ul aria-labelledby="all">${rest.map((token) => this.item(token, side, current))}</ul>` : nothing}`;
  }

  private item(token: SwapTokenInfo, side: 'from' | 'to', current: SwapTokenInfo | undefined) {
    return html`<li>
      <mb-list-item
        label=${`${token.symbol} · ${token.name}`}
        tag=${token.balance > 0n ? this.localize.tokenAmount(token.balance, token.decimals) : nothing}
        ?active=${current?.address === token.address}
        @click=${() => this.pick(token, side)}
      >
        <mb-token-image slot="image" src=${this.controllers.directory.tokenImage(token) ?? nothing} name=${token.symbol}></mb-token-image>
      </mb-list-item>
    </li>`;
  }

  private onSearch = (event: MbInputEvent) => {
    this.query = event.value;
    this.requestUpdate();
  };

  private pick(token: SwapTokenInfo, side: 'from' | 'to') {
    this.swap!.selectToken(side, token.address);
    this.controllers.router.back();
  }
}

defineElement('mb-swap-select-token-view', MbSwapSelectTokenView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-swap-select-token-view': MbSwapSelectTokenView;
  }
}
