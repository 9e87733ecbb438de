// The frame's custody half (`/custody-panels.js`: panels, passkeys, password hashing), fetched from this origin on
// first use so that the page's first script stays small.
type CustodyPanels = typeof import('./custody-panels.js');

let panelsModule: Promise<CustodyPanels> | undefined;

/** The custody half, loaded once (a failed load is tried again on the next use). */
export function custodyPanels(): Promise<CustodyPanels> {
  panelsModule ??= import('./custody-panels.js').catch((error: unknown) => {
    panelsModule = undefined;
    throw error;
  });
  return panelsModule;
}

/** Closes the panel shown, if the custody half is loaded at all (closing never loads it). */
export async function closeCustodyPanel(): Promise<void> {
  if (panelsModule) (await panelsModule).closeCustodyPanel();
}
