import { svg } from 'lit';
import type { ViewName } from '../../core/types.js';

/** Icons of the hub's actions, drawn like the modal's own (24 px grid, 1.8 px stroke); in the Account chunk, not the first click's icon set. */
export const actionIcons: Partial<Record<ViewName, ReturnType<typeof svg>>> = {
  WalletSend: svg`<path d="M12 19V5M6 11l6-6 6 6"/>`,
  WalletReceive: svg`<path d="M12 5v14M6 13l6 6 6-6"/>`,
  Swap: svg`<path d="M7 4v14M3.5 14.5 7 18l3.5-3.5M17 20V6M13.5 9.5 17 6l3.5 3.5"/>`,
  OnRampProviders: svg`<rect x="3" y="6" width="18" height="12" rx="2"/><path d="M3 10h18M7 14.5h3"/>`,
  Transactions: svg`<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5V12l3 2"/>`,
};
