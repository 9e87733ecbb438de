import { LitElement, html, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import type { ModalClient, ViewName } from '../../core/types.js';
import type { FocusExitDirection } from '../../api/embedded-protocol.js';
import type { ModalControllers } from '../../controllers/bag.js';
import { controllersOf, getDefaultClient } from '../../client-registry.js';
import { whenControllers } from '../../client-lazy-entry.js';
import { defineElement } from '../../ui/define.js';
import { StoreController } from '../../views/store-controller.js';
import { showsFrame, viewEntry, viewFeatures, viewProps } from '../../views/registry.js';
import { textsOf } from '../../texts/catalogue.js';
import { deepActiveElement, focusableElements } from './focus.js';
import { modalStyles } from './modal.styles.js';
import { dragSheet } from './sheet-swipe.js';
import '../../ui/button/button.js';
import '../../ui/icon/icon.js';
import '../../ui/skeleton/skeleton.js';
import '../../ui/toast/toast.js';
import '../../ui/text/text.js';

/** What asked the modal to close. */
export type CloseSource = 'close-button' | 'keyboard' | 'backdrop' | 'swipe';

/**
 * Fired before the modal closes. Cancel it (`event.preventDefault()`) to keep the modal open: it shakes instead.
 */
export class MbRequestCloseEvent extends Event {
  static readonly eventName = 'mb-request-close';
  constructor(readonly source: CloseSource) {
    super(MbRequestCloseEvent.eventName, { bubbles: true, composed: true, cancelable: true });
  }
}

/**
 * The wallet modal: a native `<dialog>` (top layer, inert page behind it) named by its heading, hosting the
 * view of the router. Focus stays inside while it is open and returns to where it was when it closes.
 *
 * @event {MbRequestCloseEvent} mb-request-close - Before closing by the close button, Escape, a backdrop click or a swipe down on the phone's sheet; cancelable.
 * @csspart dialog - The native dialog.
 * @csspart header - The header with back button, title and close button.
 * @csspart title - The heading (the dialog's accessible name).
 * @csspart body - The area the current view renders in.
 * @cssproperty --mb-font-family - Font family.
 * @cssproperty --mb-font-size - Base font size.
 * @cssproperty --mb-color-bg - Dialog background.
 * @cssproperty --mb-color-surface - Background of list items, inputs, skeletons.
 * @cssproperty --mb-color-surface-hover - Hovered surfaces.
 * @cssproperty --mb-color-fg - Text colour.
 * @cssproperty --mb-color-fg-muted - Secondary text.
 * @cssproperty --mb-color-border - Borders.
 * @cssproperty --mb-color-accent - Primary buttons, spinners, the active item.
 * @cssproperty --mb-color-accent-fg - Text on the accent colour.
 * @cssproperty --mb-color-error - Errors.
 * @cssproperty --mb-color-success - Success marks.
 * @cssproperty --mb-color-backdrop - The page overlay.
 * @cssproperty --mb-color-focus - The focus ring.
 * @cssproperty --mb-radius - Dialog corner radius.
 * @cssproperty --mb-radius-sm - Corner radius of buttons and items.
 * @cssproperty --mb-modal-width - Dialog width.
 * @cssproperty --mb-z-index - Stacking order (embedded mode).
 * @cssproperty --mb-duration - Animation duration (0 under reduced motion).
 *
 * @tag mb-modal
 */
export class MbModal extends LitElement {
  static override styles = modalStyles;

  /** The controllers to render; when unset, those of `client` or of the default client. */
  @property({ attribute: false }) controllers?: ModalControllers;
  /** A client from `createModal`; used when `controllers` is unset. */
  @property({ attribute: false }) client?: ModalClient;
  /** 'light' | 'dark'; set from the options when unset; with neither, the system preference applies. */
  @property({ reflect: true, attribute: 'theme-mode' }) themeMode?: 'light' | 'dark';
  @property({ type: Boolean, reflect: true }) embedded = false;

  @query('dialog') private dialog?: HTMLDialogElement;

  private readonly modalState = new StoreController(this, () => this.resolved()?.modal);
  private readonly routerState = new StoreController(this, () => this.resolved()?.router);
  private readonly toastState = new StoreController(this, () => this.resolved()?.toasts);
  private readonly connectionState = new StoreController(this, () => this.resolved()?.connection);
  // The dialog's lang, dir, title and header labels follow a language changed on the live modal (setLocale).
  private readonly languageState = new StoreController(this, () => this.resolved()?.language);

  private returnFocus?: Element | null;
  private viewElement?: HTMLElement & { controllers?: ModalControllers };
  private viewName?: ViewName;
  private viewOwner?: ModalControllers;
  /** The view whose lazy features were last requested (a failed one is not requested again in a loop). */
  private featuresTried?: ViewName;
  /** The route last settled (focus, scroll, announcement); a new one is a view change. */
  private settledRoute?: unknown;
  /** The view of the route last settled. */
  private settledView?: ViewName;
  /** Follows the height of what the body shows, so the dialog animates to it instead of jumping. */
  private resizeObserver?: ResizeObserver;
  private observedChild?: Element;

  /** The controllers in use. */
  resolved(): ModalControllers | undefined {
    if (this.controllers) return this.controllers;
    const client = this.client ?? getDefaultClient();
    return client ? controllersOf(client) : undefined;
  }

  override willUpdate(): void {
    const controllers = this.resolved();
    if (!controllers) return;
    if (this.themeMode === undefined && controllers.options.themeMode) this.themeMode = controllers.options.themeMode;
    if (controllers.options.embedded) this.embedded = true;
    // The embedded wallet's frame is slotted into this modal: hand in how to open it (its own chunk, loaded when the
    // wallet first needs it).
    controllers.installEmbeddedFrame(() => import('../embedded-frame.js').then((m) => m.openEmbeddedFrame(controllers, this, (frame, direction) => this.leaveFrame(frame, direction))));
  }

  override render() {
    const controllers = this.resolved();
    const router = this.routerState.value;
    const modal = this.modalState.value;
    const toast = this.toastState.value;
    const view = router?.view ?? 'Connect';
    const canGoBack = (router?.history.length ?? 0) > 1 && !this.embedded;
    const { lang, dir, texts } = textsOf(controllers?.options);
    return html`<dialog
      part="dialog"
      lang=${lang}
      dir=${dir}
      class=${modal?.shake ? 'shake' : ''}
      aria-labelledby="title"
      @cancel=${this.onCancel}
      @close=${this.onNativeClose}
      @click=${this.onDialogClick}
      @keydown=${this.onKeydown}
      @focusout=${this.onFocusOut}
    >
      <header part="header" @pointerdown=${this.onHeaderPointerDown}>
        ${canGoBack
          ? html`<mb-button variant="ghost" icon-only label=${texts.back} @click=${() => controllers?.router.back()}>
              <mb-icon name="back"></mb-icon>
            </mb-button>`
          : html`<span></span>`}
        <h2 id="title" part="title" tabindex="-1">${this.title_(view)}</h2>
        ${this.embedded
          ? html`<span></span>`
          : html`<mb-button variant="ghost" icon-only label=${texts.close} ?disabled=${this.closeDisabled()} @click=${() => this.requestClose('close-button')}>
              <mb-icon name="close"></mb-icon>
            </mb-button>`}
      </header>
      <div part="body" class=${showsFrame(view) ? 'body compact' : 'body'}>${controllers && (modal?.open || this.embedded) ? this.renderView(view, controllers) : nothing}</div>
      <div class=${view === 'ApproveTransaction' ? 'wallet-frame' : 'wallet-frame fits'} ?hidden=${!showsFrame(view)}><slot name="embedded-wallet"></slot></div>
      <span class="after-frame" tabindex="-1"></span>
      <div class="announcer" aria-live="polite"></div>
      <div class="toasts">
        ${toast?.open ? html`<mb-toast variant=${toast.variant}>${toast.message}</mb-toast>` : nothing}
      </div>
    </dialog>`;
  }

  override updated(): void {
    const dialog = this.dialog;
    if (!dialog) return;
    const open = this.embedded || !!this.modalState.value?.open;
    if (open && !dialog.open) {
      this.returnFocus = deepActiveElement();
      // Inline, opened without show(): its focusing steps would take the page's focus (and scroll to the dialog) on load.
      if (this.embedded) dialog.open = true;
      else dialog.showModal();
    } else if (!open && dialog.open) {
      // Closing with the keyboard in the wallet's frame (hidden now): this page's window takes it back first.
      if (document.activeElement instanceof HTMLIFrameElement && this.contains(document.activeElement)) window.focus();
      dialog.close();
      this.restoreFocus();
    }
    if (dialog.open) this.settleRoute();
    else this.settledRoute = undefined;
    this.followHeight();
  }

  /**
   * On a view change (a new route, or opening): the body scrolls to the top, the new title is announced, and focus
   * moves to the heading, unless the new view takes it itself (a field it asks for). Focus never drops to the page.
   */
  private settleRoute() {
    const route = this.routerState.value?.history;
    const heading = this.renderRoot.querySelector<HTMLElement>('#title');
    if (!heading) return;
    const active = deepActiveElement();
    const lost = !active || active === document.body;
    if (route === this.settledRoute) {
      // A control that disappeared (replaced while busy) took focus with it: back to the heading, not the page.
      if (lost && !this.embedded) heading.focus({ preventScroll: true });
      return;
    }
    const first = this.settledRoute === undefined;
    this.settledRoute = route;
    // Leaving the wallet's frame (hidden now): the browser may keep sending keys to it while this page names the
    // heading as focused, so Escape and Tab would go nowhere; this page's window takes the keyboard back first.
    const leftFrame = this.settledView !== undefined && showsFrame(this.settledView) && !showsFrame(this.routerState.value?.view ?? 'Connect');
    this.settledView = this.routerState.value?.view;
    if (leftFrame && !this.embedded) window.focus();
    const body = this.renderRoot.querySelector<HTMLElement>('.body');
    if (body) body.scrollTop = 0;
    const announcer = this.renderRoot.querySelector('.announcer');
    if (announcer) announcer.textContent = heading.textContent?.trim() ?? '';
    // Inline (embedded) the modal takes focus only when the visitor is working in it, never on page load.
    if (this.embedded && (first || !(lost || this.contains(active) || this.renderRoot.contains(active)))) return;
    const view = this.viewElement;
    // A view that focused its own field (e.g. the name to register) keeps it.
    const viewHasFocus = view?.isConnected && active && view.shadowRoot?.contains(active);
    if (!viewHasFocus) heading.focus({ preventScroll: true });
  }

  /**
   * Focus that falls out of the dialog to the page (its control removed) is caught by the heading. Looked at a task
   * later: focus moving into the wallet's frame has no related target and reaches the frame only after this event.
   */
  private onFocusOut(event: FocusEvent) {
    if (event.relatedTarget || this.embedded) return;
    setTimeout(() => {
      const active = deepActiveElement();
      if (this.dialog?.open && (!active || active === document.body)) this.renderRoot.querySelector<HTMLElement>('#title')?.focus({ preventScroll: true });
    });
  }

  /** Sets the body's height to what it shows (a CSS transition animates the change; none under reduced motion). */
  private followHeight() {
    const body = this.renderRoot.querySelector<HTMLElement>('.body');
    if (!body) return;
    const child = this.dialog?.open ? (body.firstElementChild ?? undefined) : undefined;
    if (child === this.observedChild) return;
    this.resizeObserver ??= new ResizeObserver(() => this.applyHeight());
    if (this.observedChild) this.resizeObserver.unobserve(this.observedChild);
    this.observedChild = child;
    if (child) this.resizeObserver.observe(child);
    else {
      body.style.removeProperty('height');
      body.classList.remove('animated');
    }
  }

  private applyHeight() {
    const body = this.renderRoot.querySelector<HTMLElement>('.body');
    const child = this.observedChild as HTMLElement | undefined;
    if (!body || !child?.isConnected) return;
    const style = getComputedStyle(body);
    const height = child.offsetHeight + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    body.style.height = `${Math.ceil(height)}px`;
    // The first height is set as it is; later ones animate.
    if (!body.classList.contains('animated')) requestAnimationFrame(() => body.classList.add('animated'));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A modal placed in the page before its client's controllers are made (the element entry makes them on the first
    // interaction, or at once when embedded) renders once they are.
    if (!this.resolved()) void whenControllers(this.client ?? getDefaultClient())?.then(() => this.requestUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.resizeObserver = undefined;
    this.observedChild = undefined;
    this.viewElement = undefined;
    this.viewName = undefined;
  }

  /** The route forbids closing (required sign-in without a session). */
  private closeDisabled(): boolean {
    return this.routerState.value?.data.closeDisabled === true;
  }

  /**
   * Asks to close: fires the cancelable `mb-request-close`; closes unless it is cancelled, else shakes. While the
   * route forbids closing (required sign-in), it shakes without asking.
   */
  requestClose(source: CloseSource): boolean {
    const controllers = this.resolved();
    if (this.closeDisabled()) {
      controllers?.modal.shake();
      return false;
    }
    const event = new MbRequestCloseEvent(source);
    this.dispatchEvent(event);
    if (event.defaultPrevented) {
      controllers?.modal.shake();
      return false;
    }
    controllers?.modal.close();
    return true;
  }

  private title_(view: ViewName): string {
    const data = this.routerState.value?.data;
    if (view === 'ConnectingExternal' && data?.connectorId) {
      const state = this.connectionState.value;
      const connector = state && [...state.connectors, ...(state.solanaConnectors ?? [])].find((c) => c.id === data.connectorId);
      if (connector) return connector.name;
    }
    if (view === 'ConnectingWalletConnectBasic' && data?.wallet) return data.wallet.name;
    if (view === 'ApproveTransaction' && data?.approvalKind === 'message') return textsOf(this.resolved()?.options).texts.signMessageTitle;
    if (view === 'ApproveTransaction' && data?.approvalKind === 'account') return textsOf(this.resolved()?.options).texts.switchAccountTitle;
    return textsOf(this.resolved()?.options).viewTitles[view];
  }

  private renderView(view: ViewName, controllers: ModalControllers) {
    const entry = viewEntry(view);
    if (!entry) return html`<mb-text tone="muted" align="center">${textsOf(controllers.options).texts.viewUnavailable}</mb-text>`;
    if (this.viewName !== view || this.viewOwner !== controllers || !this.viewElement) {
      const features = this.featuresTried === view ? [] : viewFeatures(view, controllers).filter((feature) => !feature.current);
      if (!customElements.get(entry.tag) || features.length > 0) {
        // The view's chunk and its features are requested together; a feature that fails to load leaves the view to
        // show what it can (it tries again itself).
        void Promise.all([entry.load(), ...features.map((feature) => feature.load().catch(() => undefined))]).then(() => {
          this.featuresTried = view;
          this.requestUpdate();
        });
        return html`<div class="loading" aria-busy="true">
          <mb-skeleton></mb-skeleton><mb-skeleton></mb-skeleton><mb-skeleton></mb-skeleton>
        </div>`;
      }
      const element = document.createElement(entry.tag) as HTMLElement & { controllers?: ModalControllers };
      Object.assign(element, viewProps(entry));
      element.controllers = controllers;
      this.viewElement = element;
      this.viewName = view;
      this.viewOwner = controllers;
    }
    return this.viewElement;
  }

  private onHeaderPointerDown(event: PointerEvent) {
    if (this.dialog && !this.embedded) dragSheet(event, this.dialog, () => this.requestClose('swipe'));
  }

  private onCancel(event: Event) {
    // Escape: ask first (the request may be cancelled).
    event.preventDefault();
    if (!this.embedded) this.requestClose('keyboard');
  }

  private onNativeClose() {
    // The browser may close the dialog itself (a repeated Escape); keep the controller in step.
    // A close event that arrives after the dialog was opened again (closed and reopened at once) is stale.
    if (this.dialog?.open) return;
    const controllers = this.resolved();
    if (this.embedded) {
      this.dialog?.show();
      return;
    }
    if (controllers?.modal.getState().open && !this.requestClose('keyboard')) {
      this.dialog?.showModal();
      return;
    }
    this.restoreFocus();
  }

  private onDialogClick(event: MouseEvent) {
    // A click on the dialog box itself (not on its content) is a click on the backdrop.
    if (event.target !== this.dialog || this.embedded) return;
    const rect = this.dialog.getBoundingClientRect();
    const inside =
      event.clientX >= rect.left && event.clientX <= rect.right && event.clientY >= rect.top && event.clientY <= rect.bottom;
    if (!inside) this.requestClose('backdrop');
  }

  private onKeydown(event: KeyboardEvent) {
    if (event.key !== 'Tab' || !this.dialog) return;
    const focusable = focusableElements(this.dialog);
    if (focusable.length === 0) return;
    const active = deepActiveElement();
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const isFirst = active === first || (active && first.shadowRoot?.contains(active));
    const isLast = active === last || (active && last.shadowRoot?.contains(active));
    if (event.shiftKey && isFirst && last instanceof HTMLIFrameElement) {
      // Into the wallet's frame from its end: the browser's own Shift+Tab from the point after the frame enters its
      // last control (a page cannot place focus inside another origin's frame, and this one asks for nothing).
      this.renderRoot.querySelector<HTMLElement>('.after-frame')?.focus({ preventScroll: true });
    } else if (event.shiftKey && isFirst) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && isLast) {
      event.preventDefault();
      first.focus();
    }
  }

  /**
   * The keyboard left the wallet's frame: focus goes to the control after it (Tab; the first one, as the trap wraps)
   * or before it (Shift+Tab). Only while the frame has the focus and is one of the dialog's stops.
   */
  private leaveFrame(frame: HTMLIFrameElement, direction: FocusExitDirection) {
    if (document.activeElement !== frame) return;
    const focusable = this.dialog?.open ? focusableElements(this.dialog) : [];
    const index = focusable.indexOf(frame);
    // A frame that is no stop of an open dialog gives the keyboard back to this page.
    if (index < 0 || focusable.length < 2) return window.focus();
    const step = direction === 'forward' ? 1 : -1;
    focusable[(index + step + focusable.length) % focusable.length].focus();
  }

  private restoreFocus() {
    const target = this.returnFocus as HTMLElement | null | undefined;
    this.returnFocus = undefined;
    if (target && target.isConnected && typeof target.focus === 'function') target.focus();
  }
}

defineElement('mb-modal', MbModal);

declare global {
  interface HTMLElementTagNameMap {
    'mb-modal': MbModal;
  }
  interface HTMLElementEventMap {
    'mb-request-close': MbRequestCloseEvent;
  }
}
