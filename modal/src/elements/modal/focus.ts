const focusableSelector =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * Tab-reachable elements under `root` in tree order, descending into open shadow roots and slots. A frame (the
 * wallet's, on its own origin) is one stop: Tab moves on inside its document, which says when the keyboard leaves it.
 */
export function focusableElements(root: Element | ShadowRoot): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (node: Element | ShadowRoot) => {
    const children = node instanceof HTMLSlotElement ? node.assignedElements({ flatten: true }) : [...node.children];
    for (const child of children) {
      if (!(child instanceof HTMLElement) || child.hidden || child.inert) continue;
      if (child.matches(focusableSelector) && child.tabIndex >= 0 && !child.closest('[inert]')) found.push(child);
      if (child.shadowRoot) visit(child.shadowRoot);
      else visit(child);
    }
  };
  visit(root);
  return found;
}

/** The focused element, looking through shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
