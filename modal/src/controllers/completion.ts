import type { ViewName } from '../core/view-name.js';
import type { RouterController } from './router.js';

/**
 * The one place a finished transaction navigates (Send, Swap and the Solana send, from their controllers): its
 * feature's completion view replaces the flow, so Back cannot return to a spent form or quote. With `from`, only when
 * the user is still on that view (one who has left it is not pulled back).
 */
export function showCompletion(router: Pick<RouterController, 'getState' | 'reset'>, view: ViewName, from?: ViewName): void {
  if (from && router.getState().view !== from) return;
  router.reset(view);
}
