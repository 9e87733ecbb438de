import { html, nothing } from 'lit';
import { query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Transaction } from '../../api/history-types.js';
import { defineElement } from '../../ui/define.js';
import { safeImageUrl } from '../../core/safe-url.js';
import { shortenAddress } from '../../core/format.js';
import { FeatureController } from '../store-controller.js';
import { activityRows, type ActivityRow } from '../../controllers/activity/activity.js';
import { describeTransaction, type ActivityApproval, type ActivityEntry, type ActivityKind, type ActivityLeg } from '../../controllers/activity/decode.js';
import { explorerTxUrl } from '../explorer.js';
import { MbView, viewStyles } from '../view.js';
import { ACTIVITY_ROW_HEIGHT, transactionsStyles } from './transactions-view.styles.js';
import '../../ui/icon/icon.js';
import '../../ui/token-image/token-image.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/text/text.js';

/** Rows rendered above and below the visible ones. */
const OVERSCAN_ROWS = 4;
/** The next page loads when the rows in view come this close to the end of what is loaded. */
const PREFETCH_ROWS = 8;

/**
 * Transactions (Activity): the history of the active chain, newest first, grouped by month; one row per transaction
 * with its kind (sent, received, swapped A → B with both legs, approved with the amount or unlimited, minted with the
 * price paid), token icons, status and an explorer link. Virtualised (only the rows in view are in the DOM); the next
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
    if (this.rowsOf !== activity.transactions) {
      this.rows = activityRows(activity.transactions, this.localize.lang);
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
            (index) => this.renderRow(rows[index]),
          )}
        </div>
      </div>
    </div>`;
  }

  private renderRow(row: ActivityRow) {
    if (row.kind === 'month') return html`<div class="month"><h3>${row.label}</h3></div>`;
    const t = this.localize.texts;
    const tx = row.transaction;
    const entry = describeTransaction(tx);
    const approval = this.activity.value?.approvals[tx.id];
    const { title, lines, icons, detail } = this.describe(entry, approval, this.counterparty(tx, entry));
    const status = { confirmed: t.statusConfirmed, failed: t.statusFailed, pending: t.statusPending }[tx.metadata.status] ?? tx.metadata.status;
    const link = explorerTxUrl(this.controllers.networks.getState().activeNetwork, tx.metadata.hash);
    const when = this.localize.date(tx.metadata.minedAt, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    const content = html`<span class=${icons.length > 1 ? 'icons pair' : 'icons'} aria-hidden="true">
        ${icons.map((icon) => html`<mb-token-image src=${safeImageUrl(icon.iconUrl) ?? nothing} name=${icon.symbol}></mb-token-image>`)}
      </span>
      <span class="what">
        <span class="title" title=${title}>${title}</span>
        <span class="muted"
          >${detail ? html`${detail} · ` : nothing}${tx.metadata.status === 'confirmed'
            ? nothing
            : html`<span class=${tx.metadata.status === 'failed' ? 'failed' : ''}>${status}</span> · `}${when}</span
        >
      </span>
      <span class="amount">${lines.map((line) => html`<bdi class=${line.tone}>${line.text}</bdi> `)}</span>`;
    // The whole row opens the transaction on the explorer (a real link, a large target); without an explorer it is text.
    return link
      ? html`<a class="row" href=${link} target="_blank" rel="noopener noreferrer" data-id=${tx.id} data-kind=${entry.kind}
          >${content}<mb-icon class="external" name="external"></mb-icon><span class="visually-hidden">${t.viewOnExplorer}</span></a
        >`
      : html`<div class="row" data-id=${tx.id} data-kind=${entry.kind}>${content}<span></span></div>`;
  }

  /**
   * Who was on the other side of a Solana transfer ('To 9xQe...VFin'). On Solana the history names the counterparty;
   * an EVM transaction's `sentTo` is the contract it called for a token, not the receiver, so EVM rows name none.
   */
  private counterparty(tx: Transaction, entry: ActivityEntry): string | undefined {
    if (this.controllers.networks.getState().activeNetwork.chainNamespace !== 'solana') return undefined;
    const t = this.localize.texts;
    if (entry.kind === 'sent' && tx.metadata.sentTo) return t.activityTo(shortenAddress(tx.metadata.sentTo));
    if (entry.kind === 'received' && tx.metadata.sentFrom) return t.activityFrom(shortenAddress(tx.metadata.sentFrom));
    return undefined;
  }

  /** The row's title, a detail for its second line, its amount lines (out as −, in as +) and its icons, by kind. */
  private describe(entry: ActivityEntry, approval: ActivityApproval | undefined, counterparty?: string): { title: string; detail?: string; lines: { text: string; tone: string }[]; icons: { iconUrl?: string; symbol: string }[] } {
    const t = this.localize.texts;
    const amount = (leg: ActivityLeg) => (leg.nft ? leg.symbol : `${this.localize.tokenAmount(leg.amount)} ${leg.symbol}`);
    const line = (leg: ActivityLeg) => ({
      text: leg.direction === 'out' ? `−${amount(leg)}` : leg.direction === 'in' ? `+${amount(leg)}` : amount(leg),
      tone: leg.direction,
    });
    const legs = [...entry.out, ...entry.in];
    const icons: { iconUrl?: string; symbol: string }[] = legs.slice(0, 2);
    switch (entry.kind) {
      case 'swapped':
        return { title: t.activitySwapped, detail: t.activityPair(entry.out[0].symbol, entry.in[0].symbol), lines: legs.map(line), icons: [entry.out[0], entry.in[0]] };
      case 'minted': {
        // The NFT names the row; the amount column shows the price paid.
        const minted = entry.in.find((leg) => leg.nft) ?? entry.in[0];
        // 'Minibot M1 Presale Pass #4': the token id in the title, the collection on the second line.
        const [, collection, id] = /^(.*\S)\s+(#\S+)$/.exec(minted?.symbol ?? '') ?? [];
        return {
          title: t.activityMinted(id ?? minted?.symbol ?? '').trim(),
          detail: collection,
          lines: [...entry.out, ...entry.in.filter((leg) => leg !== minted)].map(line),
          icons: minted ? [minted] : icons,
        };
      }
      case 'approved': {
        const value =
          approval?.unlimited ? t.unlimited : approval?.value !== undefined && approval.decimals !== undefined ? `${this.localize.amount(approval.value, approval.decimals, Math.min(approval.decimals, 6))} ${approval.symbol ?? ''}`.trim() : undefined;
        return {
          title: approval?.symbol ? t.activityApproved(approval.symbol) : t.activityApprovedToken,
          lines: value ? [{ text: value, tone: 'neutral' }] : [],
          icons: approval?.symbol ? [{ iconUrl: approval.iconUrl, symbol: approval.symbol }] : [],
        };
      }
      default: {
        const titles: Record<Exclude<ActivityKind, 'swapped' | 'minted' | 'approved'>, string> = {
          sent: t.sent,
          received: t.received,
          self: t.selfTransfer,
          bought: t.activityBought,
          deployed: t.activityDeployed,
          executed: t.activityExecuted,
        };
        return { title: titles[entry.kind], detail: counterparty, lines: legs.map(line), icons: icons.slice(0, 1) };
      }
    }
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
