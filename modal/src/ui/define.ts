/**
 * Defines a custom element unless its tag is already taken (a page may load the library twice).
 * Does nothing outside a browser, so importing an element module is safe in server rendering.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, element);
}
