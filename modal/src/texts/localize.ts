import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ViewName } from '../core/view-name.js';
import { textsOf, type ActiveTexts } from './catalogue.js';
import type { ModalMessages, ModalUiTexts, TextOptions } from './locale.js';

/** A host that knows the options of its modal (a view or the shell): the catalogue follows them. */
export type LocalizeHost = ReactiveControllerHost & { readonly controllers?: { readonly options: TextOptions } };

/**
 * How an element reads the text catalogue: English, then the options' `locale`, then their `texts` overrides,
 * merged once per options object. One controller for every view and the shell, so no element resolves texts itself.
 * @example private readonly localize = new LocalizeController(this); ... html`${this.localize.texts.back}`
 */
export class LocalizeController implements ReactiveController {
  constructor(private readonly host: LocalizeHost) {
    host.addController(this);
  }

  /** The active catalogue (a host may receive its controllers after construction: read on each use). */
  get active(): ActiveTexts {
    return textsOf(this.host.controllers?.options);
  }

  /** The modal's own interface texts. */
  get texts(): ModalUiTexts {
    return this.active.texts;
  }

  /** The spec's texts (toasts, errors) in the active language. */
  get messages(): ModalMessages {
    return this.active.messages;
  }

  /** BCP 47 tag of the catalogue, for `Intl` formatting. */
  get lang(): string {
    return this.active.lang;
  }

  get dir(): 'ltr' | 'rtl' {
    return this.active.dir;
  }

  /** A view's heading (the dialog's accessible name). */
  viewTitle(view: ViewName): string {
    return this.active.viewTitles[view];
  }

  hostConnected(): void {}
}
