import { css, html, nothing, type TemplateResult } from 'lit';
import type { RouterController } from '../controllers/router.js';
import type { ViewName } from '../core/types.js';

/**
 * A completion screen opened with nothing completed (`open({ view })`, a reload) has no result to show: it leads to
 * Account instead of an empty screen. Call from `updated()` once the feature is loaded.
 */
export function leaveWithoutResult(router: RouterController, view: ViewName, hasResult: boolean): void {
  if (!hasResult && router.getState().view === view) router.reset('Account');
}

/** What a flow's last screen shows; the dialog's own title names the flow's end ('Swap Complete', 'Transaction Sent', ...). */
export interface Completion {
  /** The result in one line: what was paid, received, sent or registered. */
  result: TemplateResult | string;
  /** A second, quieter line (a hint or the transaction's status). */
  detail?: TemplateResult | string;
  /** The transaction's page on the explorer (already through the URL gate). */
  explorerUrl?: string;
  explorerLabel?: string;
  doneLabel: string;
  againLabel: string;
  onDone: () => void;
  onAgain: () => void;
}

/**
 * Every flow's end in one pattern: a check mark, the result, a real link to the transaction on the explorer, then
 * Done (primary, back to Account) and Again (secondary, the flow from its start), in that order in every flow. The
 * view that renders it imports mb-button and mb-icon.
 */
export function completion(c: Completion) {
  return html`<div class="completion" role="status">
      <mb-icon class="completion-mark" name="check"></mb-icon>
      <p class="completion-result">${c.result}</p>
      ${c.detail ? html`<p class="completion-detail">${c.detail}</p>` : nothing}
      ${c.explorerUrl
        ? html`<a class="completion-link" href=${c.explorerUrl} target="_blank" rel="noopener noreferrer"
            >${c.explorerLabel}<mb-icon name="external"></mb-icon
          ></a>`
        : nothing}
    </div>
    <div class="completion-actions">
      <mb-button class="completion-done" full-width @click=${c.onDone}>${c.doneLabel}</mb-button>
      <mb-button class="completion-again" variant="secondary" full-width @click=${c.onAgain}>${c.againLabel}</mb-button>
    </div>`;
}

export const completionStyles = css`
  .completion {
    display: flex;
    flex-direction: column;
    align-items: center;
    text-align: center;
    gap: 10px;
    padding: 12px 0 8px;
  }
  .completion-mark {
    --mb-icon-size: 44px;
    color: var(--_mb-color-success, #1a7339);
  }
  .completion-result {
    margin: 0;
    font-size: 1.05em;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .completion-detail {
    margin: 0;
    color: var(--_mb-color-fg-muted, #5b5f66);
    font-size: 0.9em;
  }
  .completion-link {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    color: var(--_mb-color-fg, #141414);
    font-weight: 600;
    text-decoration: underline;
    text-underline-offset: 2px;
    --mb-icon-size: 14px;
  }
  .completion-actions {
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
`;
