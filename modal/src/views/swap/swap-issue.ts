import type { ModalUiTexts } from '../../texts/locale.js';
import { swapIssue, type SwapState } from '../../controllers/swap/swap-state.js';

/** The message of what stops the swap now, in the active catalogue; undefined when nothing does. */
export function issueText(texts: ModalUiTexts, state: SwapState): string | undefined {
  switch (swapIssue(state)) {
    case 'insufficientBalance':
      return texts.insufficientBalance(state.from?.symbol ?? '');
    case 'insufficientGas':
      return texts.insufficientGas(state.tokens.find((t) => t.isNative)?.symbol ?? '');
    case 'noLiquidity':
      return texts.noLiquidity;
    case 'quoteExpired':
      return texts.quoteExpired;
    default:
      return undefined;
  }
}
