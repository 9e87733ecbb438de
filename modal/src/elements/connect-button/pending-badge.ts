// No runtime import of a module the first click also loads (lit, the texts, the core): each would be split into one
// more chunk of the first click. See pending-transactions.ts.
import type { ModalControllers } from '../../controllers/bag.js';

const BADGE_CSS = `
:host { position: relative; }
.pending {
  position: absolute; top: -7px; right: -7px; min-width: 18px; height: 18px; padding: 0 5px; box-sizing: border-box;
  border-radius: 9px; background: #b42318; color: #ffffff; font: 600 11px/18px var(--_mb-font-family); text-align: center;
  pointer-events: none;
}
.pending[hidden] { display: none; }
`;

const englishLabel = (count: number) => (count === 1 ? '1 pending transaction' : `${count} pending transactions`);
const attached = new WeakSet<HTMLElement>();

/**
 * The pending-transaction badge of a connect button (`features.pendingTransactions`): loaded only when the option is
 * on, it adds the count beside the button in its shadow root, so the button itself carries no code for it.
 */
export function attachPendingBadge(button: HTMLElement, controllers: ModalControllers): void {
  const root = button.shadowRoot;
  if (!root || attached.has(button)) return;
  attached.add(button);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(BADGE_CSS);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const badge = document.createElement('span');
  badge.className = 'pending';
  badge.setAttribute('part', 'pending-badge');
  badge.setAttribute('role', 'status');
  badge.hidden = true;
  root.append(badge);
  const { options } = controllers;
  const label = options.texts?.pendingTransactions ?? options.locale?.texts.pendingTransactions ?? englishLabel;
  void controllers.pendingTransactions.load().then((counter) => {
    const show = () => {
      const { count } = counter.getState();
      badge.hidden = count === 0;
      badge.textContent = count === 0 ? '' : String(count);
      if (count === 0) badge.removeAttribute('aria-label');
      else badge.setAttribute('aria-label', label(count));
    };
    counter.subscribe(show);
    show();
  });
}
