import type { ModalControllers } from '../controllers/bag.js';
import type { EmbeddedPanel } from '../controllers/embedded/embedded.js';
import type { LazyFeature } from '../controllers/lazy.js';
import type { ModalUiTexts } from '../texts/locale.js';
import { views, type ViewEntry, type ViewName } from './views.js';

export { views };
export type { ViewEntry };

/** The entry of a view (undefined for a name that is not one, e.g. from a dapp's `open({ view })` at run time). */
export function viewEntry(view: ViewName): ViewEntry | undefined {
  return (views as Record<string, ViewEntry>)[view];
}

/** Each view's chunk loader, by name (the size guard and the bench measure each). */
export const viewLoaders: Record<ViewName, () => Promise<unknown>> = Object.fromEntries(
  Object.entries(views).map(([name, entry]) => [name, entry.load]),
) as Record<ViewName, () => Promise<unknown>>;

/** A panel entry's panel and line, typed: a name that is no frame panel or no text of the catalogue fails to compile. */
type PanelEntry = Extract<(typeof views)[ViewName], { kind: 'panel' }>;
export type PanelViewProps = { panel: EmbeddedPanel; lineKey: keyof ModalUiTexts };
type IsTrue<T extends true> = T;
/** Compiles only while each panel entry names a frame panel and a text of the catalogue. */
export type PanelEntriesAreTyped = IsTrue<PanelEntry['panel'] extends EmbeddedPanel ? (PanelEntry['line'] extends keyof ModalUiTexts ? true : false) : false>;

/** What the shell sets on a view's element besides its controllers (a panel entry's panel and line). */
export function viewProps(entry: ViewEntry): Partial<PanelViewProps> {
  return entry.kind === 'panel' ? { panel: entry.panel as EmbeddedPanel, lineKey: entry.line as keyof ModalUiTexts } : {};
}

/** Tag of each view's element, by name (pages and specs find a view by it). */
export const viewTags: Record<ViewName, string> = Object.fromEntries(Object.entries(views).map(([name, entry]) => [name, entry.tag])) as Record<
  ViewName,
  string
>;

/** Loads a view's chunk (idempotent); false when the name is no view. */
export async function loadView(view: ViewName): Promise<boolean> {
  const entry = viewEntry(view);
  if (!entry) return false;
  await entry.load();
  return true;
}

/** Whether the wallet frame shows below a view (its approvals and its own panels). */
export function showsFrame(view: ViewName): boolean {
  return viewEntry(view)?.frame ?? false;
}

/**
 * The lazy features a view follows: the shell requests them together with the view's chunk (not one after the
 * other), so the view paints with its feature there. (Indexing the bag and the options checks each name of the table.)
 */
export function viewFeatures(view: ViewName, controllers: ModalControllers): LazyFeature<unknown>[] {
  const on = controllers.options.features;
  return (viewEntry(view)?.features ?? []).flatMap((followed) =>
    typeof followed === 'string' ? [controllers[followed]] : on[followed.whenOption] ? [controllers[followed.feature]] : [],
  );
}
