/** Helpers of the browser tests (mocha globals are declared in mocha-globals.d.ts). */
import type { AxeResults } from 'axe-core';
import { sendKeys } from '@web/test-runner-commands';
import type { MbModal } from '../../elements/modal/modal.js';

declare global {
  interface Window {
    axe?: { run(context: Element | Document, options?: object): Promise<AxeResults> };
  }
}

/** Loads axe-core (a UMD script) once. */
export async function loadAxe(): Promise<NonNullable<Window['axe']>> {
  if (window.axe) return window.axe;
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('axe-core did not load'));
    document.head.append(script);
  });
  return window.axe!;
}

/** Runs axe on `element`; throws with every violation's id, help and targets. */
export async function expectNoAxeViolations(element: Element): Promise<void> {
  const axe = await loadAxe();
  // Contrast is judged on the settled frame, not halfway through an opening fade: the element's own animations, its
  // descendants' and its ancestors' (the dialog's rise when axe runs on one view), across shadow roots.
  const ancestors: Element[] = [];
  for (let node: Node | null = element.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node instanceof Element) ancestors.push(node);
  }
  const animated = [...ancestors, element, ...deepQueryAll(element, '*')].flatMap((el) => el.getAnimations());
  const finite = animated.filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  const results = await axe.run(element, { resultTypes: ['violations'] });
  if (results.violations.length > 0) {
    const detail = results.violations
      .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(', ')}`)
      .join('\n');
    throw new Error(`axe found ${results.violations.length} violation(s):\n${detail}`);
  }
}

/**
 * How much longer than asked a wait lasts before it fails. The browser tests run beside the package step's installs and
 * builds on two cores, where a view that a quiet machine shows in 300 ms took over 3 s; a wait for something that comes
 * ends when it comes, so only a failing test waits the longer time.
 */
const WAIT_SCALE = 3;

/** Resolves when `predicate` holds (polled every 10 ms), or throws after `timeout` ms (times `WAIT_SCALE`). */
export async function waitFor<T>(predicate: () => T | undefined | null | false, timeout = 3000, what = 'condition'): Promise<T> {
  timeout *= WAIT_SCALE;
  const start = performance.now();
  for (;;) {
    const value = predicate();
    if (value) return value;
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Text content of a node including its shadow trees, whitespace collapsed. */
export function deepText(node: Node): string {
  const parts: string[] = [];
  const visit = (current: Node) => {
    if (current.nodeType === Node.TEXT_NODE) parts.push(current.textContent ?? '');
    if (current instanceof Element && current.shadowRoot) {
      for (const child of current.shadowRoot.childNodes) visit(child);
      if (current.shadowRoot.querySelector('slot')) {
        for (const child of current.childNodes) visit(child);
      }
      return;
    }
    if (current instanceof HTMLSlotElement) return;
    for (const child of current.childNodes) visit(child);
  };
  visit(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** querySelector through shadow roots: each selector of the path is looked up in the previous match's shadow root. */
export function shadowQuery<E extends Element = Element>(root: Element | ShadowRoot | Document, ...path: string[]): E | null {
  let current: Element | ShadowRoot | Document | null = root;
  for (const selector of path) {
    if (!current) return null;
    const scope: Element | ShadowRoot | Document = current instanceof Element && current.shadowRoot ? current.shadowRoot : current;
    current = scope.querySelector(selector);
  }
  return current as E | null;
}

/** Every element matching `selector` in `root` and all shadow roots below it. */
export function deepQueryAll<E extends Element = Element>(root: Element | ShadowRoot | Document, selector: string): E[] {
  const found: E[] = [];
  const visit = (scope: Element | ShadowRoot | Document) => {
    for (const element of scope.querySelectorAll('*')) {
      if (element.matches(selector)) found.push(element as E);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root);
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  return found;
}

/** The view element the modal shows now. */
export function currentView(modal: MbModal): HTMLElement | null {
  return modal.shadowRoot?.querySelector('.body > *') as HTMLElement | null;
}

/** The focused element through shadow roots. */
export function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Appends a trigger button (focused) and an `<mb-modal>` bound to `controllers`. */
export async function mountTestModal(controllers: import('../../controllers/bag.js').ModalControllers) {
  await import('../../elements/modal/modal.js');
  const trigger = document.createElement('button');
  trigger.textContent = 'Open';
  document.body.append(trigger);
  trigger.focus();
  const modal = document.createElement('mb-modal') as MbModal;
  modal.controllers = controllers;
  document.body.append(modal);
  await modal.updateComplete;
  return { modal, trigger };
}

/** Waits until the modal shows a view element with tag `tag` that has rendered. */
export async function waitForView<E extends HTMLElement & { updateComplete?: Promise<unknown> }>(modal: MbModal, tag: string): Promise<E> {
  const view = await waitFor(() => {
    const current = currentView(modal);
    return current?.localName === tag ? (current as E) : undefined;
  }, 3000, `view ${tag}`);
  await view.updateComplete;
  return view;
}

/** The dialog's accessible name: the text of the element its aria-labelledby names. */
export function dialogName(modal: MbModal): string {
  const dialog = modal.shadowRoot!.querySelector('dialog')!;
  const id = dialog.getAttribute('aria-labelledby')!;
  return modal.shadowRoot!.getElementById(id)?.textContent?.trim() ?? '';
}

/**
 * The completion pattern every flow ends with: the dialog's title, no Back arrow, the result, the explorer link
 * (href, or null when none), and Done then Again as the two actions.
 */
export function completionOf(modal: MbModal, view: HTMLElement) {
  const root = view.shadowRoot!;
  const link = root.querySelector<HTMLAnchorElement>('a.completion-link');
  return {
    title: dialogName(modal),
    hasBack: [...modal.shadowRoot!.querySelectorAll('header mb-button')].some((b) => b.getAttribute('label') === 'Back'),
    result: root.querySelector('.completion-result')?.textContent?.trim(),
    detail: root.querySelector('.completion-detail')?.textContent?.trim(),
    link: link ? { href: link.getAttribute('href'), text: deepText(link).trim(), target: link.target, rel: link.rel } : null,
    actions: [...root.querySelectorAll('.completion-actions mb-button')].map((b) => ({ label: deepText(b).trim(), variant: b.getAttribute('variant') ?? 'primary' })),
  };
}

/** Clicks the completion screen's action labelled `label`. */
export function clickCompletionAction(view: HTMLElement, label: string): void {
  const button = [...view.shadowRoot!.querySelectorAll<HTMLElement>('.completion-actions mb-button')].find((b) => deepText(b).trim() === label);
  if (!button) throw new Error(`No completion action "${label}"`);
  button.shadowRoot!.querySelector('button')!.click();
}

/** Picks `symbol` in the `mb-token-picker` of `view` as a person does: opens the list and clicks the token. */
export async function pickToken(view: HTMLElement, symbol: string): Promise<void> {
  const picker = view.shadowRoot!.querySelector('mb-token-picker')!;
  if (!picker.open) picker.shadowRoot!.querySelector<HTMLButtonElement>('.trigger')!.click();
  const option = await waitFor(
    () => [...picker.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.querySelector('b')?.textContent === symbol),
    3000,
    `the option ${symbol}`,
  );
  option.click();
  await picker.updateComplete;
}

/**
 * What a screen reader learns from a field: whether it is marked invalid, the text of the elements its
 * aria-describedby names (only those a sighted person also sees count), and whether that text sits in a polite or
 * assertive live region (the element or an ancestor with aria-live, role status or role alert).
 */
export function fieldAnnouncement(input: Element): { invalid: boolean; description: string; announced: boolean } {
  const root = input.getRootNode() as ShadowRoot | Document;
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.getElementById(id))
    .filter((element): element is HTMLElement => !!element && element.checkVisibility() && element.getBoundingClientRect().height > 0);
  const live = (element: Element | null): boolean =>
    !!element && (element.matches('[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"]') || live(element.parentElement));
  return {
    invalid: input.getAttribute('aria-invalid') === 'true',
    description: described.map((element) => deepText(element)).join(' '),
    announced: described.length > 0 && described.every(live),
  };
}

/** The native input inside an `mb-input`. */
export const nativeInput = (field: Element): HTMLInputElement => field.shadowRoot!.querySelector('input')!;

/** The message shown under the first `mb-input` of `view` (matching `selector`), or null while it has none. */
export function fieldError(view: HTMLElement, selector = 'mb-input'): HTMLElement | null {
  const message = view.shadowRoot!.querySelector(selector)?.shadowRoot?.querySelector<HTMLElement>('.error');
  return message?.textContent ? message : null;
}

/** One Tab stop: the focused control, its accessible name as far as the tests need it, and where it is drawn. */
export interface TabStop {
  element: Element;
  name: string;
  rect: DOMRect;
}

/**
 * Presses Tab from the dialog's heading until focus comes back to a stop already met (at most `max` presses): the
 * stops of one round, in the order a keyboard meets them.
 */
export async function tabRound(modal: MbModal, max = 40): Promise<TabStop[]> {
  modal.shadowRoot!.querySelector<HTMLElement>('#title')!.focus();
  const stops: TabStop[] = [];
  for (let presses = 0; presses < max; presses++) {
    await sendKeys({ press: 'Tab' });
    const element = deepActive()!;
    if (stops.some((stop) => stop.element === element)) break;
    // A button's slotted label is its host's text.
    const host = (element.getRootNode() as ShadowRoot).host;
    const name = element.getAttribute('aria-label') || (element as HTMLInputElement).labels?.[0]?.textContent || element.closest('label')?.textContent || element.textContent?.trim() || host?.textContent || '';
    // Where it is drawn in the dialog's content: focus scrolls the body, so a stop measured after a scroll is moved back by it.
    const body = modal.shadowRoot!.querySelector<HTMLElement>('.body');
    let inBody = false;
    for (let node: Node | null = element; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null) if (node === body) inBody = true;
    const drawn = element.getBoundingClientRect();
    const rect = inBody && body ? new DOMRect(drawn.x, drawn.y + body.scrollTop, drawn.width, drawn.height) : drawn;
    stops.push({ element, name: name.replace(/\s+/g, ' ').trim(), rect });
  }
  return stops;
}

/**
 * Asserts that the round of `stops` follows what is seen (left-to-right page): each next stop is on the same line
 * further along, or lower down; the one move back up is the round's wrap from the last stop to the first.
 */
export function assertVisualOrder(stops: TabStop[]): void {
  const backwards = stops.filter((a, i) => {
    const b = stops[(i + 1) % stops.length];
    const sameLine = b.rect.top < a.rect.bottom && a.rect.top < b.rect.bottom;
    return sameLine ? b.rect.left < a.rect.right - 1 : b.rect.top < a.rect.bottom - 1;
  });
  if (backwards.length !== 1) throw new Error(`Tab moves against the visual order after ${backwards.map((stop) => `"${stop.name}"`).join(', ')}: ${stops.map((s) => s.name).join(' > ')}`);
}

/** The computed value of a CSS colour (a hex, a name, a system colour such as `CanvasText`) as the page resolves it. */
export function computedColor(color: string): string {
  const probe = document.createElement('span');
  probe.style.color = color;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}
