import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Gives a view's first field the focus once it is rendered (its first input: a code, a name, an amount, a search):
 * the modal then leaves it there instead of moving focus to the heading. Once per view: a later render (an error
 * line, a countdown) never moves focus again.
 *
 * Not when the modal is inline and the visitor is not working in it (focus stays where the page has it), nor on a
 * touch screen unless the view asks (`touch`): there a field with focus opens the keyboard over the list the visitor
 * came to pick from.
 *
 * @example
 * private readonly firstField = new FirstFieldFocus(this, { touch: true });
 */
export class FirstFieldFocus implements ReactiveController {
  private done = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: { touch?: boolean } = {},
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const field = this.host.shadowRoot?.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>('mb-input, input');
    if (this.done || !field) return;
    this.done = true;
    if (!this.wanted()) return;
    void (field.updateComplete ?? Promise.resolve()).then(() => field.focus());
  }

  private wanted(): boolean {
    if (!this.options.touch && matchMedia('(pointer: coarse)').matches) return false;
    const root = this.host.getRootNode();
    const modal = root instanceof ShadowRoot ? root.host : undefined;
    return !modal?.hasAttribute('embedded') || modal.matches(':focus-within');
  }
}
