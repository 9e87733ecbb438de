/**
 * The names of the modal's views, as `open({ view })` and the router use them. The one table of views
 * (`views/views.ts`: name, tag, loader, features) registers its keys here by augmenting `ViewRegistry`, the way a
 * custom element registers its tag in `HTMLElementTagNameMap`: `core/` names the views without importing the table,
 * whose loaders import every view (and the views import `core/`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by views/views.ts (declaration merging)
export interface ViewRegistry {}

/** A view's name: a key of the views' table (any string in a program that does not include the table). */
export type ViewName = [keyof ViewRegistry] extends [never] ? string : keyof ViewRegistry & string;
