/**
 * Clicks on the prerendered page's buttons before React listens (its script loads after the first paint): the early
 * script (build/earlyScript.ts) records them under this global, and the hydrated page replays them.
 */
export const EARLY_CLICKS_GLOBAL = '__minibotEarlyClicks';

/** Set on `<html>` while a recorded click waits for the page's script (the cursor says so). */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

export interface EarlyClicks {
  /** The buttons clicked, in order. */
  clicks: HTMLButtonElement[];
  /** Stops recording: React handles the clicks from here. */
  stop(): void;
}

function earlyClicks(): EarlyClicks | undefined {
  return (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS_GLOBAL];
}

/** Called right before hydration starts: from then on React sees every click itself (it replays those it receives while hydrating). */
export function stopEarlyClickCapture(): void {
  earlyClicks()?.stop();
}

/** Once hydrated: clicks each recorded button again (the same element, now with its handler), then forgets them. */
export function replayEarlyClicks(): void {
  const recorded = earlyClicks();
  if (!recorded) return;
  recorded.stop();
  for (const button of recorded.clicks.splice(0)) {
    if (button.isConnected && !button.disabled) button.click();
  }
  document.documentElement.removeAttribute(EARLY_CLICK_ATTRIBUTE);
}
