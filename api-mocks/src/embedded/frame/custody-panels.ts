// The frame's own panels (protect, recover, export, devices) and its passkey login, the entry of the custody half
// (`/custody-panels.js`, loaded on first use so that SimpleWebAuthn and argon2 stay out of the frame's first script):
// the WebAuthn ceremonies, the PRF output and the recovery password never leave the wallet's origin.
import type { EmbeddedPanel, EmbeddedUser } from '../../../../modal/src/api/embedded-protocol.js';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { CustodyError, newRecoveryKey, prfWrapKey, wipe, wrapRecoveryKey } from './custody.js';
import { el } from './dom.js';
import { FrameError, type FrameReason } from './errors.js';
import {
  assertPasskey,
  isCancelled,
  krFromPasskey,
  krFromPassword,
  krFromPrf,
  passkeyFactors,
  passwordFactor,
  prefetchOptions,
  registerOptions,
  registerPasskey,
  savePasswordFactor,
  verifyOptions,
  verifyPasskey,
} from './recovery-factors.js';
import type * as Session from './session.js';
import type { FrameCatalogue } from './texts/catalogue.js';
import { enPanels, type PanelTexts } from './texts/en-panels.js';
import type { StoredSession } from './storage.js';
import { addFactor, api, listDevices, sendFreshCode, verifyFreshCode, type LoginAnswer, type RecoveryFactor } from './wallet-service.js';

/** What the panels use of the frame's first script (one copy of its session code, its root and height reports). */
export interface PanelHost {
  session: typeof Session;
  mount(content: Node[], foot: HTMLElement, options: { labelledBy: string; onReplaced?: () => void }): HTMLElement;
  clear(): void;
  withAccountTypes(user: EmbeddedUser): Promise<EmbeddedUser>;
  deviceId(): Promise<string>;
  loggedIn(answer: LoginAnswer): Promise<EmbeddedUser>;
  /** The frame's catalogue in its chosen language (the panels' labels: its `panels`, English when absent). */
  texts(): FrameCatalogue;
  /** The locale of the frame's dates (the browser's when it is of the frame's language). */
  formatLocale(): string;
}

export type PanelResult = { done: boolean; user?: EmbeddedUser };

/** The shortest recovery password. */
const PASSWORD_MIN = 12;

// ---- passkey login ----------------------------------------------------------------------------------------------
/**
 * Logs in with a discoverable passkey. When this device must recover and the passkey is a recovery factor of the
 * account, its PRF output unlocks the device at once (one gesture: login, recovery, new set).
 */
export async function connectPasskey(host: PanelHost): Promise<EmbeddedUser> {
  const deviceId = await host.deviceId();
  const options = await api<PublicKeyCredentialRequestOptionsJSON>('/api/passkey/login/options', { deviceId });
  const { response, prf } = await assertPasskey(options);
  const answer = await api<LoginAnswer>('/api/passkey/login', { deviceId, response });
  const user = await host.loggedIn(answer);
  const factor = passkeyFactors(answer.custody.factors).find((candidate) => candidate.credentialId === response.id);
  if (user.security?.state !== 'recover' || !prf || !factor) {
    wipe(prf);
    return user;
  }
  const session = await host.session.currentSession();
  let kr: Uint8Array | undefined;
  try {
    const custody = await host.session.verifiedCustody(answer.custody, session.user.address);
    kr = await krFromPrf(factor, prf, session.user.address);
    await host.session.recoverDevice(session, custody, kr);
    return await host.withAccountTypes(await host.session.refreshUser(session));
  } catch {
    // Logged in all the same: the recover panel offers the other ways.
    return user;
  } finally {
    wipe(kr);
  }
}

// ---- panels -------------------------------------------------------------------------------------------------------
/** The panels' texts that are sentences as they are (not functions of a number). */
type Line = { [K in keyof PanelTexts]: PanelTexts[K] extends string ? K : never }[keyof PanelTexts];
type Texts = (key: Line) => string;

let open: { finish(result: PanelResult): void } | undefined;

/** Closes the open panel (the visitor left the view): its ShowPanel answers done false. */
export function closeCustodyPanel(): void {
  open?.finish({ done: false });
}

/** A sentence the panel wrote itself, in the frame's language (the password rules): shown as it is. */
class PanelNotice extends Error {}

/** The panels' sentence for each reason of a failure: the service's, the frame's key checks and passkey ceremonies. */
const REASON_LINES = new Map<FrameReason, Line>([
  ['passwordWrong', 'passwordWrong'],
  ['passwordMissing', 'passwordMissing'],
  ['codeWrong', 'codeWrong'],
  ['codeExpired', 'codeExpired'],
  ['keySetChanged', 'keySetChanged'],
  ['noDeviceShare', 'noDeviceShare'],
  ['deviceShareUnreadable', 'deviceShareUnreadable'],
  ['deviceLocked', 'deviceLocked'],
  ['confirmItIsYou', 'confirmItIsYou'],
  ['passkeyNoPrf', 'noPrf'],
  ['noRecovery', 'noRecovery'],
  ['passkeyCancelled', 'passkeyCancelled'],
  ['noPrfUnlock', 'noPrfUnlock'],
  ['passkeyExpired', 'passkeyExpired'],
  ['passkeyNotVerified', 'passkeyNotVerified'],
  ['passkeyUnknown', 'passkeyUnknown'],
  ['signedOut', 'signedOut'],
]);
/** Reasons said with the minutes to wait. */
const LOCKED_LINES = new Map<FrameReason, 'passwordLocked' | 'codeLocked'>([
  ['passwordLocked', 'passwordLocked'],
  ['codeLocked', 'codeLocked'],
]);

/**
 * One sentence for the person, in the frame's language: the panel's own for the failure's reason, else a general one.
 * The English detail (the service's sentence, the key check's) goes to the console only.
 */
function sentence(error: unknown, panels: PanelTexts): string {
  if (error instanceof PanelNotice) return error.message;
  if (isCancelled(error)) return panels.passkeyCancelled;
  const reason = error instanceof FrameError || error instanceof CustodyError ? error.reason : undefined;
  const minutes = error instanceof FrameError ? error.minutes : undefined;
  const locked = reason && LOCKED_LINES.get(reason);
  if (locked && minutes !== undefined) return panels[locked](minutes);
  if (reason === 'tooSoon' && error instanceof FrameError && error.seconds !== undefined) return panels.tooSoon(error.seconds);
  const line = reason && REASON_LINES.get(reason);
  if (line) return panels[line];
  console.warn('[wallet frame] a panel step failed', error);
  return panels.somethingWrong;
}

/** What a panel's steps draw with: the body and foot of the mounted panel, a status line, the end of the panel. */
interface PanelView {
  t: Texts;
  session: StoredSession;
  host: PanelHost;
  show(body: Node[], foot: Node[]): void;
  /** Runs `task` with `buttons` disabled; shows its error in the status line (focus stays where it was). */
  busy(buttons: HTMLButtonElement[], task: () => Promise<void>): Promise<void>;
  status: HTMLElement;
  finish(result: PanelResult): void;
  /** The user as it stands after the panel's change. */
  done(): Promise<void>;
}

const button = (text: string, primary = false) => el('button', { type: 'button', className: primary ? 'primary' : '', textContent: text });
const intro = (text: string) => el('p', { id: 'panel-intro' }, text);

/**
 * Shows panel `panel` until the visitor finishes or cancels it (or another panel, an approval or ClosePanel takes
 * its place). Its labels are the frame's own, in the frame's language (`host.texts()`).
 */
export async function showCustodyPanel(panel: EmbeddedPanel, host: PanelHost): Promise<PanelResult> {
  const session = await host.session.currentSession();
  open?.finish({ done: false });
  const panels = () => host.texts().panels ?? enPanels;
  const t: Texts = (key) => panels()[key];
  const body = el('div', { className: 'panel' });
  const foot = el('div', { className: 'foot' });
  const status = el('p', { className: 'status', role: 'status' });
  status.setAttribute('aria-live', 'polite');
  return new Promise<PanelResult>((resolve) => {
    let settled = false;
    const finish = (result: PanelResult) => {
      if (settled) return;
      settled = true;
      open = undefined;
      document.removeEventListener('keydown', onKey);
      if (!replaced) host.clear();
      resolve(result);
    };
    let replaced = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') finish({ done: false });
    };
    open = { finish };
    document.addEventListener('keydown', onKey);
    host.mount([body], foot, {
      labelledBy: 'panel-intro',
      onReplaced: () => {
        replaced = true;
        finish({ done: false });
      },
    });
    const view: PanelView = {
      t,
      session,
      host,
      status,
      finish,
      show(nodes, buttons) {
        status.textContent = '';
        body.replaceChildren(...nodes, status);
        foot.replaceChildren(el('div', { className: 'row' }, ...buttons));
        // The first field, else the panel's main button: the visitor acts from the keyboard at once.
        (body.querySelector<HTMLElement>('input') ?? foot.querySelector<HTMLElement>('button.primary') ?? foot.querySelector<HTMLElement>('button'))?.focus();
      },
      async busy(buttons, task) {
        status.textContent = '';
        status.classList.remove('error');
        for (const b of buttons) b.disabled = true;
        try {
          await task();
        } catch (error) {
          status.textContent = sentence(error, panels());
          status.classList.add('error');
        } finally {
          for (const b of buttons) b.disabled = false;
        }
      },
      async done() {
        const user = await host.withAccountTypes(await host.session.refreshUser(session));
        finish({ done: true, user });
      },
    };
    const steps = { protect: protectPanel, recover: recoverPanel, export: exportPanel, devices: devicesPanel };
    steps[panel](view).catch((error: unknown) => {
      view.show([intro(sentence(error, panels()))], [closeButton(view)]);
    });
  });
}

function closeButton(view: PanelView): HTMLButtonElement {
  const close = button(view.t('close'));
  close.addEventListener('click', () => view.finish({ done: false }));
  return close;
}

/** An input (built by hand: `el`'s typing of an input's properties is too wide for the compiler). */
function textInput(autocomplete: AutoFill): HTMLInputElement {
  const input = document.createElement('input');
  input.required = true;
  input.spellcheck = false;
  input.autocomplete = autocomplete;
  return input;
}

/** A password field with its label (text nodes only). */
function passwordField(label: string, autocomplete: 'new-password' | 'current-password'): { field: HTMLElement; input: HTMLInputElement } {
  const input = textInput(autocomplete);
  input.type = 'password';
  const field: HTMLElement = el('label', { className: 'field' }, el('span', {}, label), input);
  return { field, input };
}

/** Finishes with a closing line: the visitor reads it, then Close answers done. */
async function finishWith(view: PanelView, text: string): Promise<void> {
  const close = button(view.t('close'), true);
  view.show([intro(text)], [close]);
  close.addEventListener('click', () => view.busy([close], () => view.done()));
}

// -- protect
async function protectPanel(view: PanelView): Promise<void> {
  const { t, session, host } = view;
  const address = session.user.address;
  const custody = await host.session.fetchCustody(session);
  const { factors } = custody.bundle;
  const hasRecovery = Boolean(factors.length && custody.bundle.recovery);
  /**
   * Runs `protect` with Kr: a new one while no factor protects the recovery share (a new set first puts the share
   * under it), else the one an existing factor unlocks (the visitor confirms with it).
   */
  const withRecoveryKey = async (protect: (kr: Uint8Array) => Promise<void>) => {
    const run = async (kr: Uint8Array, fresh: boolean) => {
      try {
        if (fresh) await host.session.resplit(session, custody, kr);
        await protect(kr);
      } finally {
        wipe(kr);
      }
      await finishWith(view, t('protectDone'));
    };
    if (!hasRecovery) return run(newRecoveryKey(), true);
    const cancel = button(t('cancel'));
    cancel.addEventListener('click', () => view.finish({ done: false }));
    const { body, buttons } = unlockControls(view, factors, { password: t('confirm'), passkey: t('confirmPasskey') }, (kr) => run(new Uint8Array(kr), false));
    // A factor exists already: the new one wraps the same Kr, which an existing factor unlocks first.
    view.show([intro(t('confirmFirst')), ...body], [cancel, ...buttons]);
  };
  const showPasswordForm = (noPrf: boolean) => {
    const first = passwordField(t('passwordLabel'), 'new-password');
    const second = passwordField(t('passwordRepeat'), 'new-password');
    const save = button(t('savePassword'), true);
    const cancel = button(t('notNow'));
    const form = el('form', { className: 'panel-form' }, first.field, second.field, el('p', {}, t('passwordRule')));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      save.click();
    });
    view.show([intro(t(noPrf ? 'noPrf' : 'protectIntro')), form], [cancel, save]);
    cancel.addEventListener('click', () => view.finish({ done: false }));
    save.addEventListener('click', () =>
      view.busy([save, cancel], async () => {
        const password = first.input.value;
        if (password.length < PASSWORD_MIN) throw new PanelNotice(t('passwordRule'));
        if (password !== second.input.value) throw new PanelNotice(t('passwordMismatch'));
        await withRecoveryKey((kr) => savePasswordFactor(session.token, kr, address, password));
      }),
    );
  };
  const takeRegisterOptions = prefetchOptions(() => registerOptions(session.token));
  const add = button(t('addPasskey'), true);
  const usePassword = button(t('usePassword'));
  const notNow = button(t('notNow'));
  view.show([intro(t('protectIntro'))], [notNow, usePassword, add]);
  notNow.addEventListener('click', () => view.finish({ done: false }));
  usePassword.addEventListener('click', () => showPasswordForm(false));
  add.addEventListener('click', () =>
    view.busy([add, usePassword, notNow], async () => {
      const passkey = await registerPasskey(session.token, takeRegisterOptions());
      if (!passkey.prf) return showPasswordForm(true);
      const wrapKey = await prfWrapKey(passkey.prf, passkey.credentialId);
      wipe(passkey.prf);
      await withRecoveryKey(async (kr) => {
        try {
          await addFactor(session.token, { kind: 'passkey', credentialId: passkey.credentialId, wrap: await wrapRecoveryKey(kr, wrapKey, address) });
        } finally {
          wipe(wrapKey);
        }
      });
    }),
  );
}

/**
 * The controls that unlock Kr: the passkey button when a passkey factor exists, the password form when a password
 * factor does. `use` runs with Kr (wiped afterwards); a wrong password keeps the field's value and shows the service's sentence.
 */
function unlockControls(view: PanelView, factors: RecoveryFactor[], labels: { password: string; passkey: string }, use: (kr: Uint8Array) => Promise<void>): { body: Node[]; buttons: HTMLButtonElement[] } {
  const { t, session } = view;
  const address = session.user.address;
  const body: Node[] = [];
  const buttons: HTMLButtonElement[] = [];
  const all: HTMLButtonElement[] = [];
  const run = (get: () => Promise<Uint8Array>) =>
    view.busy(all, async () => {
      const kr = await get();
      try {
        await use(kr);
      } finally {
        wipe(kr);
      }
    });
  if (passwordFactor(factors)) {
    const { field, input } = passwordField(t('passwordLabel'), 'current-password');
    const unlock = button(labels.password, !passkeyFactors(factors).length);
    const form = el('form', { className: 'panel-form' }, field, el('div', { className: 'row' }, unlock));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      unlock.click();
    });
    unlock.addEventListener('click', () => void run(() => krFromPassword(session.token, factors, address, input.value)));
    body.push(form);
    all.push(unlock);
  }
  if (passkeyFactors(factors).length) {
    const passkey = button(labels.passkey, true);
    const takeOptions = prefetchOptions(() => verifyOptions(session.token));
    passkey.addEventListener('click', () => void run(() => krFromPasskey(session.token, factors, address, takeOptions())));
    buttons.push(passkey);
    all.push(passkey);
  }
  return { body, buttons };
}

// -- recover
async function recoverPanel(view: PanelView): Promise<void> {
  const { t, session, host } = view;
  const custody = await host.session.fetchCustody(session);
  const cancel = button(t('cancel'));
  cancel.addEventListener('click', () => view.finish({ done: false }));
  if (!custody.bundle.recovery || !custody.bundle.factors.length) return view.show([intro(t('noRecovery'))], [closeButton(view)]);
  const { body, buttons } = unlockControls(view, custody.bundle.factors, { password: t('unlock'), passkey: t('unlockPasskey') }, async (kr) => {
    await host.session.recoverDevice(session, custody, kr);
    await view.done();
  });
  view.show([intro(t('recoverIntro')), ...body], [cancel, ...buttons]);
}

// -- export
async function exportPanel(view: PanelView): Promise<void> {
  const { t, session, host } = view;
  const custody = await host.session.fetchCustody(session);
  const cancel = button(t('cancel'));
  cancel.addEventListener('click', () => view.finish({ done: false }));
  const reveal = () => {
    const show = button(t('reveal'), true);
    view.show([intro(t('exportWarning'))], [cancel, show]);
    show.addEventListener('click', () =>
      view.busy([show, cancel], async () => {
        const key = await host.session.openKey(session, 'export');
        const copy = button(t('copy'));
        const close = button(t('close'), true);
        const secret = el('pre', { className: 'secret' }, key);
        view.show([el('p', { id: 'panel-intro', className: 'warning' }, t('exportWarning')), secret], [copy, close]);
        // Where the frame may not write the clipboard, the key is selected for the visitor to copy.
        copy.addEventListener('click', () => {
          navigator.clipboard.writeText(key).then(
            () => (copy.textContent = t('copied')),
            () => window.getSelection()?.selectAllChildren(secret),
          );
        });
        close.addEventListener('click', () => view.busy([close, copy], () => view.done()));
      }),
    );
  };
  const buttons: HTMLButtonElement[] = [cancel];
  const body: Node[] = [intro(t('exportIntro'))];
  if (custody.bundle.passkeys > 0) {
    const passkey = button(t('confirmPasskey'), true);
    const takeOptions = prefetchOptions(() => verifyOptions(session.token));
    passkey.addEventListener('click', () => view.busy([passkey], async () => void (await verifyPasskey(session.token, undefined, takeOptions()), reveal())));
    buttons.push(passkey);
  }
  if (session.user.email) {
    const send = button(t('sendCode'), !buttons[1]);
    send.addEventListener('click', () =>
      view.busy([send], async () => {
        await sendFreshCode(session.token);
        const input = textInput('one-time-code');
        input.inputMode = 'numeric';
        input.maxLength = 6;
        const confirm = button(t('confirm'), true);
        const form = el('form', { className: 'panel-form' }, el('label', { className: 'field' }, el('span', {}, t('codeLabel')), input));
        form.addEventListener('submit', (event) => {
          event.preventDefault();
          confirm.click();
        });
        view.show([intro(t('exportIntro')), form], [cancel, confirm]);
        confirm.addEventListener('click', () => view.busy([confirm], async () => void (await verifyFreshCode(session.token, input.value.trim()), reveal())));
      }),
    );
    buttons.push(send);
  }
  view.show(body, buttons);
}

// -- devices
async function devicesPanel(view: PanelView, notice?: string): Promise<void> {
  const { t, session } = view;
  const { devices } = await listDevices(session.token);
  const list = el(
    'ul',
    { className: 'devices' },
    ...devices.map((device) => {
      const facts: Node[] = [el('strong', {}, device.label)];
      if (device.current) facts.push(el('span', {}, t('thisDevice')));
      if (device.lastUsedAt) facts.push(el('span', {}, `${t('lastUsed')}: ${new Date(device.lastUsedAt).toLocaleString(view.host.formatLocale())}`));
      const item = el('li', {}, ...facts);
      if (!device.current) {
        const removeButton = button(t('removeDevice'));
        removeButton.setAttribute('aria-label', `${t('removeDevice')}: ${device.label}`);
        removeButton.addEventListener('click', () => view.busy([removeButton], () => confirmRemoval(view, device.id)));
        item.append(removeButton);
      }
      return item;
    }),
  );
  const close = button(t('close'), true);
  close.addEventListener('click', () => view.busy([close], () => view.done()));
  view.show([intro(t('devicesIntro')), list], [close]);
  if (notice) view.status.textContent = notice;
}

/** Removes a device: Kr from a factor (or, while none exists, the recovery share stays on this device), then a set without it. */
async function confirmRemoval(view: PanelView, id: string): Promise<void> {
  const { t, session, host } = view;
  const custody = await host.session.fetchCustody(session);
  const back = button(t('cancel'));
  back.addEventListener('click', () => view.busy([back], () => devicesPanel(view)));
  const remove = async (kr: Uint8Array | undefined) => {
    await host.session.resplit(session, custody, kr, id);
    await devicesPanel(view, t('deviceRemoved'));
  };
  if (!custody.bundle.factors.length || !custody.bundle.recovery) {
    const confirm = button(t('removeDevice'), true);
    confirm.addEventListener('click', () => view.busy([confirm, back], () => remove(undefined)));
    return view.show([intro(t('removeDevice'))], [back, confirm]);
  }
  const { body, buttons } = unlockControls(view, custody.bundle.factors, { password: t('removeDevice'), passkey: t('confirmPasskey') }, remove);
  view.show([intro(t('removeConfirm')), ...body], [back, ...buttons]);
}
