import { html, nothing } from 'lit';
import { query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Transaction } from '../../api/types.js';
import { defineElement } from '../../ui/define.js';
import { formatDecimalText } from '../../core/units.js';
import { safeLinkUrl } from '../../core/safe-url.js';
import { FeatureController } from '../store-controller.js';
import { activityRows, type ActivityRow } from '../../controllers/activity/activity.js';
import { MbView, viewStyles } from '../view.js';
import { ACTIVITY_ROW_HEIGHT, transactionsStyles } from './transactions-view.styles.js';
import '../../ui/icon/icon.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/text/text.js';

/** Rows rendered above and below the visible ones. */
const OVERSCAN_ROWS = 4;
/** The next page loads when the rows in view come this close to the end of what is loaded. */
const PREFETCH_ROWS = 8;

/**
 * Transactions (Activity): the history of the active chain, newest first, grouped by month, with direction,
 * amount, status and an explorer link per row. Virtualised (only the rows in view are in the DOM); the next
 * cursor page loads as the list scrolls.
 *
 * @tag mb-transactions-view
 */
export class MbTransactionsView extends MbView {
  static override styles = [...viewStyles, transactionsStyles];

  private readonly activity = new FeatureController(this, (c) => c.hub, { store: (hub) => hub.activity, connected: (hub) => void hub.activity.refresh() });
  @state() private scrollOffset = 0;
  @state() private viewportHeight = 420;
  @query('.scroller') private scroller?: HTMLElement;
  @query('.spacer') private spacer?: HTMLElement;
  @query('.window') private window_?: HTMLElement;
  private layout = { height: 0, offset: 0 };
  private rows: ActivityRow[] = [];
  private rowsOf?: Transaction[];
  private scrollFrame = 0;

  override render() {
    const activity = this.activity.value;
    if (!activity) return nothing;
    const lang = this.localize.lang;
    if (this.rowsOf !== activity.transactions) {
      this.rows = activityRows(activity.transactions, lang);
      this.rowsOf = activity.transactions;
    }
    const rows = this.rows;
    if (rows.length === 0) {
      return activity.loading || activity.next === undefined
        ? html`<div class="stack" aria-busy="true"><mb-skeleton></mb-skeleton><mb-skeleton></mb-skeleton><mb-skeleton></mb-skeleton></div>`
        : html`<div class="status" role="status"><mb-text tone="muted">${this.localize.texts.noActivity}</mb-text></div>`;
    }
    const first = Math.max(0, Math.floor(this.scrollOffset / ACTIVITY_ROW_HEIGHT) - OVERSCAN_ROWS);
    const last = Math.min(rows.length - 1, Math.ceil((this.scrollOffset + this.viewportHeight) / ACTIVITY_ROW_HEIGHT) + OVERSCAN_ROWS);
    const indices: number[] = [];
    for (let index = first; index <= last; index++) indices.push(index);
    this.layout = { height: rows.length * ACTIVITY_ROW_HEIGHT, offset: first * ACTIVITY_ROW_HEIGHT };
    return html`<div class="scroller" @scroll=${this.onScroll}>
      <div class="spacer">
        <div class="window" aria-busy=${activity.loading ? 'true' : 'false'}>
          ${repeat(
            indices,
            (index) => {
              const row = rows[index];
              return row.kind === 'month' ? `m-${row.label}` : row.transaction.id;
            },
            (index) => this.renderRow(rows[index], lang),
          )}
        </div>
      </div>
    </div>`;
  }

  private renderRow(row: ActivityRow, lang: string) {
    if (row.kind === 'month') return html`<div class="month"><h3>${row.label}</h3></div>`;
    const t = this.localize.texts;
    const tx = row.transaction;
    const transfer = tx.transfers?.find((x) => x.fungible_info) ?? tx.transfers?.[0];
    const { activeNamespace } = this.controllers.networks.getState();
    const own = this.controllers.account.getState().byNamespace[activeNamespace].address;
    // EVM addresses compare without case; base58 (Solana) is case-sensitive.
    const same = (a: string, b?: string) => (activeNamespace === 'eip155' ? a.toLowerCase() === b?.toLowerCase() : a === b);
    const direction = transfer?.direction ?? (same(tx.metadata.sentFrom, own) ? 'out' : 'in');
    const label = direction === 'in' ? t.received : direction === 'self' ? t.selfTransfer : t.sent;
    const status = { confirmed: t.statusConfirmed, failed: t.statusFailed, pending: t.statusPending }[tx.metadata.status] ?? tx.metadata.status;
    const symbol = transfer?.fungible_info?.symbol ?? transfer?.nft_info?.name ?? '';
    const amount = transfer ? `${direction === 'in' ? '+' : direction === 'out' ? '−' : ''}${formatDecimalText(transfer.quantity.numeric, lang)} ${symbol}` : '';
    const explorer = this.controllers.networks.getState().activeNetwork.blockExplorers?.default.url;
    const link = explorer ? safeLinkUrl(`${explorer.replace(/\/+$/, '')}/tx/${tx.metadata.hash}`) : undefined;
    const when = new Date(tx.metadata.minedAt).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
    return html`<div class="row" data-id=${tx.id}>
      <span class="what">
        <span>${label}</span>
        <span class="muted"><span class=${tx.metadata.status === 'failed' ? 'failed' : ''}>${status}</span> · ${when}</span>
      </span>
      <span class="amount">${amount}</span>
      ${link
        ? html`<a href=${link} target="_blank" rel="noopener noreferrer" aria-label=${`${t.viewOnExplorer}: ${label} ${amount}`}><mb-icon name="external"></mb-icon></a>`
        : html`<span></span>`}
    </div>`;
  }

  override updated(): void {
    // Geometry through the CSSOM, not style attributes (strict style-src).
    if (this.spacer) this.spacer.style.height = `${this.layout.height}px`;
    if (this.window_) this.window_.style.transform = `translateY(${this.layout.offset}px)`;
    const activity = this.activity.value;
    if (!activity || activity.loading || activity.failed || activity.next === null || activity.next === undefined) return;
    const lastVisible = Math.ceil((this.scrollOffset + this.viewportHeight) / ACTIVITY_ROW_HEIGHT);
    if (lastVisible + PREFETCH_ROWS >= this.rows.length) void this.activity.current!.activity.fetchNextPage();
  }

  override firstUpdated(): void {
    if (this.scroller) this.viewportHeight = this.scroller.clientHeight || this.viewportHeight;
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
}

defineElement('mb-transactions-view', MbTransactionsView);

declare global {
  interface HTMLElementTagNameMap {
    'mb-transactions-view': MbTransactionsView;
  }
}
