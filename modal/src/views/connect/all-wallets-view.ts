import { html, nothing } from 'lit';
import { query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { WcWallet } from '../../api/directory-types.js';
import type { ConnectorInfo } from '../../core/types.js';
import { safeImageUrl } from '../../core/safe-url.js';
import type { MbInputEvent } from '../../ui/input/input.js';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../store-controller.js';
import { MbView, viewStyles, FirstFieldFocus } from '../view.js';
import { openWallet, walletImageSrc } from './wallet-actions.js';
import { COLUMNS, ROW_HEIGHT, allWalletsStyles } from './all-wallets-view.styles.js';
import '../../ui/button/button.js';
import '../../ui/input/input.js';
import '../../ui/grid-item/grid-item.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/spinner/spinner.js';
import '../../ui/text/text.js';

/** Rows rendered above and below the visible ones. */
const OVERSCAN_ROWS = 2;

/**
 * AllWallets: the Solana wallets the browser announced (Wallet Standard, tagged 'Solana', first), then the whole
 * wallet directory as a virtualised grid (only the rows in view are in the DOM; pages of
 * 40 load as the user scrolls), a search box (ArrowDown moves into the grid), and arrow keys (Home/End,
 * PageUp/PageDown) that move between tiles.
 *
 * @tag mb-all-wallets-view
 */
export class MbAllWalletsView extends MbView {
  static override styles = [...viewStyles, allWalletsStyles];
  protected readonly firstField = new FirstFieldFocus(this);

  private readonly directory = new StoreController(this, () => this.controllers?.directory);
  private readonly connection = new StoreController(this, () => this.controllers?.connection);
  @state() private scrollOffset = 0;
  @state() private viewportHeight = 400;
  @state() private focusIndex = 0;
  @state() private searchQuery = '';
  @query('.scroller') private scroller?: HTMLElement;
  @query('.spacer') private spacer?: HTMLElement;
  @query('.window') private window_?: HTMLElement;
  private layout = { height: 0, offset: 0 };
  private scrollFrame = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    // Opened without Connect first: the Wallet Standard discovery starts here.
    void this.controllers?.solana?.load().catch(() => undefined);
    const directory = this.controllers?.directory;
    if (directory && directory.getState().wallets.length === 0) void directory.fetchNextPage();
  }

  override firstUpdated(): void {
    if (this.scroller) this.viewportHeight = this.scroller.clientHeight || this.viewportHeight;
  }

  /**
   * Tiles in the grid now: the announced Solana wallets (those whose name matches while searching), then search
   * results while searching, otherwise the directory loaded so far. `loaded` counts the tiles that have a wallet.
   */
  private items(): { announced: ConnectorInfo[]; wallets: WcWallet[]; loaded: number; total: number; searching: boolean } {
    const directory = this.directory.value;
    const query = this.searchQuery.trim().toLowerCase();
    const announced = this.controllers?.options.enableInjected
      ? (this.connection.value?.solanaConnectors ?? []).filter((c) => !query || c.name.toLowerCase().includes(query))
      : [];
    const n = announced.length;
    if (!directory) return { announced, wallets: [], loaded: n, total: n, searching: false };
    const wallets = query ? directory.search.results : directory.wallets;
    const total = n + (query ? wallets.length : Math.max(directory.count, wallets.length));
    return { announced, wallets, loaded: n + wallets.length, total, searching: Boolean(query) };
  }

  override render() {
    const directory = this.directory.value;
    if (!directory) return nothing;
    const { announced, wallets, loaded, total, searching } = this.items();
    const rows = Math.ceil(total / COLUMNS);
    const firstRow = Math.max(0, Math.floor(this.scrollOffset / ROW_HEIGHT) - OVERSCAN_ROWS);
    const lastRow = Math.min(rows - 1, Math.ceil((this.scrollOffset + this.viewportHeight) / ROW_HEIGHT) + OVERSCAN_ROWS);
    const first = firstRow * COLUMNS;
    const last = Math.min(total - 1, (lastRow + 1) * COLUMNS - 1);
    const indices: number[] = [];
    for (let index = first; index <= last; index++) indices.push(index);
    const rovingIndex = this.focusIndex >= first && this.focusIndex <= last && this.focusIndex < loaded ? this.focusIndex : first;
    const searchLoading = searching && directory.search.loading;
    this.layout = { height: rows * ROW_HEIGHT, offset: firstRow * ROW_HEIGHT };
    return html`<mb-input
        type="search"
        label=${this.localize.texts.searchWallets}
        placeholder=${this.localize.texts.searchWallets}
        .value=${this.searchQuery}
        @mb-input=${this.onSearch}
        @keydown=${this.onSearchKeydown}
      ></mb-input>
      ${searchLoading && loaded === 0
        ? html`<div class="status" role="status"><mb-spinner></mb-spinner></div>`
        : this.failed()
          ? html`<div class="status failed" role="alert">
              <mb-text tone="muted" align="center">${this.localize.texts.walletsUnavailable}</mb-text>
              <mb-button variant="secondary" @click=${this.retry}>
                <mb-icon slot="icon" name="refresh"></mb-icon>${this.localize.texts.retry}
              </mb-button>
            </div>`
          : searching && loaded === 0 && !directory.search.loading
            ? html`<div class="status" role="status"><mb-text tone="muted">${this.localize.texts.noWalletFound}</mb-text></div>`
            : nothing}
      <div class="scroller" @scroll=${this.onScroll}>
        <div class="spacer">
          <div
            class="window"
            role="group"
            aria-label=${this.localize.texts.allWallets}
            aria-busy=${directory.loading || searchLoading ? 'true' : 'false'}
            @keydown=${this.onKeydown}
          >
            ${repeat(
              indices,
              (index) => announced[index]?.id ?? wallets[index - announced.length]?.id ?? `placeholder-${index}`,
              (index) => {
                const connector = announced[index];
                if (connector) {
                  return html`<mb-grid-item
                    data-index=${index}
                    label=${connector.name}
                    image-src=${safeImageUrl(connector.icon) ?? nothing}
                    tag="Solana"
                    item-tabindex=${index === rovingIndex ? 0 : -1}
                    @click=${() => this.connectAnnounced(connector)}
                    @focusin=${() => (this.focusIndex = index)}
                  ></mb-grid-item>`;
                }
                const wallet = wallets[index - announced.length];
                if (!wallet) return html`<mb-skeleton></mb-skeleton>`;
                return html`<mb-grid-item
                  data-index=${index}
                  label=${wallet.name}
                  image-src=${walletImageSrc(this.controllers, wallet) ?? nothing}
                  item-tabindex=${index === rovingIndex ? 0 : -1}
                  @click=${() => openWallet(this.controllers, wallet)}
                  @focusin=${() => (this.focusIndex = index)}
                ></mb-grid-item>`;
              },
            )}
          </div>
        </div>
      </div>`;
  }

  override updated(): void {
    // Geometry goes through the CSSOM, not style attributes, so a strict style-src policy allows it.
    if (this.spacer) this.spacer.style.height = `${this.layout.height}px`;
    if (this.window_) this.window_.style.transform = `translateY(${this.layout.offset}px)`;
    // Load the next page once the rows in view reach the end of what is loaded.
    const directory = this.directory.value;
    if (!directory || this.searchQuery.trim() || directory.loading) return;
    const lastVisible = (Math.ceil((this.scrollOffset + this.viewportHeight) / ROW_HEIGHT) + OVERSCAN_ROWS) * COLUMNS - this.items().announced.length;
    if (directory.wallets.length < directory.count && lastVisible >= directory.wallets.length) {
      void this.controllers.directory.fetchNextPage();
    }
  }

  /** The directory did not answer and nothing is listed: say so and offer to try again (the query stays). */
  private failed(): boolean {
    const directory = this.directory.value;
    if (!directory) return false;
    if (this.searchQuery.trim()) return Boolean(directory.search.error) && !directory.search.loading;
    return Boolean(directory.error) && !directory.loading && directory.wallets.length === 0;
  }

  /** An announced wallet connects as from Connect: its own prompt, no directory entry. */
  private connectAnnounced(connector: ConnectorInfo) {
    this.controllers.router.push('ConnectingExternal', { connectorId: connector.id });
    void this.controllers.connection.connect(connector.id);
  }

  private readonly retry = () => {
    if (this.searchQuery.trim()) this.controllers.directory.search(this.searchQuery);
    else void this.controllers.directory.fetchNextPage();
  };

  private onSearch(event: MbInputEvent) {
    this.searchQuery = event.value;
    this.focusIndex = 0;
    this.scrollOffset = 0;
    if (this.scroller) this.scroller.scrollTop = 0;
    this.controllers.directory.search(event.value);
  }

  /** ArrowDown from the search box moves into the grid. */
  private onSearchKeydown(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown' || this.items().loaded === 0) return;
    event.preventDefault();
    void this.focusTile(0);
  }

  private onScroll() {
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      if (!this.scroller) return;
      this.scrollOffset = this.scroller.scrollTop;
      this.viewportHeight = this.scroller.clientHeight || this.viewportHeight;
    });
  }

  private async onKeydown(event: KeyboardEvent) {
    const { loaded } = this.items();
    if (loaded === 0) return;
    const rowsInView = Math.max(1, Math.floor(this.viewportHeight / ROW_HEIGHT));
    // The grid flows from the inline start: in right-to-left text the left arrow moves forward.
    const forward = this.matches(':dir(rtl)') ? -1 : 1;
    const moves: Record<string, number> = {
      ArrowRight: forward,
      ArrowLeft: -forward,
      ArrowDown: COLUMNS,
      ArrowUp: -COLUMNS,
      PageDown: rowsInView * COLUMNS,
      PageUp: -rowsInView * COLUMNS,
    };
    let next: number;
    if (event.key in moves) next = this.focusIndex + moves[event.key];
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = loaded - 1;
    else return;
    event.preventDefault();
    next = Math.max(0, Math.min(loaded - 1, next));
    await this.focusTile(next);
  }

  /** Scrolls tile `index` into view, renders it and focuses it. */
  private async focusTile(index: number) {
    this.focusIndex = index;
    const scroller = this.scroller;
    if (scroller) {
      const top = Math.floor(index / COLUMNS) * ROW_HEIGHT;
      if (top < scroller.scrollTop) scroller.scrollTop = top;
      else if (top + ROW_HEIGHT > scroller.scrollTop + this.viewportHeight) scroller.scrollTop = top + ROW_HEIGHT - this.viewportHeight;
      this.scrollOffset = scroller.scrollTop;
    }
    await this.updateComplete;
    const tile = this.renderRoot.querySelector<HTMLElement>(`mb-grid-item[data-index="${index}"]`);
    tile?.focus();
  }
}

defineElement('mb-all-wallets-view', MbAllWalletsView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-all-wallets-view': MbAllWalletsView;
  }
}
