import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Gives a view's first field the focus once it is rendered, for views whose purpose is typing something (a code, a
 * name): the modal then leaves it there instead of moving focus to the heading. Once per view: a later render (an
 * error line, a countdown) never moves focus again.
 *
 * @example
 * private readonly firstField = new FirstFieldFocus(this);
 */
export class FirstFieldFocus implements ReactiveController {
  private done = false;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostUpdated(): void {
    const field = this.host.shadowRoot?.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('mb-input, input');
    if (this.done || !field) return;
    this.done = true;
    void (field.updateComplete ?? Promise.resolve()).then(() => field.focus());
  }
}
