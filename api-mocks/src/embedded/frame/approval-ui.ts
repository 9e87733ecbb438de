// The approval UI: what the frame shows before it signs or sends, and the rule for when Approve counts.
import { EMBEDDED_CHANNEL, EMBEDDED_FRAME_MAX_HEIGHT, type EmbeddedAccountType } from '../../../../modal/src/api/embedded-protocol.js';
import type { ApprovalView, Row, TreeNode } from './approval.js';
import { post, root } from './channel.js';
import { el } from './dom.js';
import { FrameError } from './errors.js';
import { onLanguageChange, texts, useLanguage } from './texts/catalogue.js';

/** Approve answers only after the approval has been visible this long (as browsers do for permission prompts). */
const APPROVAL_DELAY_MS = 1_000;
const APPROVAL_WINDOW_CHANNEL = 'minibot-approval-window';

/** What a decision shows: a request to approve, or the visitor's consent to switch the account type. */
type Decision = { kind: ApprovalView['kind']; view: ApprovalView } | { kind: 'account'; accountType: EmbeddedAccountType; address: string };

let approval: { id: string; settle(approved: boolean | Error): void } | undefined;
/** Stops what the shown panel observes (its height, its parts) and tells its owner that it is gone. */
let stopPanel: (() => void) | undefined;

function details(rows: Row[]) {
  return el('dl', {}, ...rows.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value)]));
}

function renderTree(nodes: TreeNode[]): HTMLUListElement {
  return el('ul', { className: 'tree' }, ...nodes.map((node) => el('li', {}, el('span', { className: 'key' }, `${node.label}: `), ...(node.children ? [renderTree(node.children)] : [node.value ?? '']))));
}

/** One part of a request, ended by a marker: the part counts as read once its end has been in view. */
function part(...children: Node[]) {
  const end = el('div', { className: 'end' });
  end.setAttribute('aria-hidden', 'true');
  return el('section', { className: 'part' }, ...children, end);
}

/**
 * The approval's content, from the view only (text nodes: nothing a dapp sends becomes markup), in parts: the
 * overview (warnings, summary, rows), the message, the typed data's domain and message, each call.
 */
function renderView(view: ApprovalView): Node[] {
  const t = texts();
  const overview: Node[] = [el('h1', { id: 'approval-title' }, view.title)];
  if (view.warnings.length) overview.push(el('div', { role: 'alert' }, el('ul', { className: 'warnings' }, ...view.warnings.map((line) => el('li', {}, line)))));
  if (view.summary.length) overview.push(el('ul', { className: 'summary' }, ...view.summary.map((line) => el('li', {}, line))));
  const body: Node[] = [part(...overview, details(view.rows))];
  if (view.message !== undefined) body.push(part(el('h2', {}, t.message), el('pre', {}, view.message)));
  if (view.domain) body.push(part(el('h2', {}, t.domain), renderTree(view.domain)));
  if (view.typedMessage) body.push(part(el('h2', {}, t.message), renderTree(view.typedMessage)));
  for (const call of view.calls) {
    const raw = call.data === '0x' ? [] : [el('details', {}, el('summary', {}, t.rawData((call.data.length - 2) / 2)), el('pre', {}, call.data))];
    body.push(part(el('h2', {}, call.heading), details(call.rows), ...raw));
  }
  return body;
}

/** The consent to switch the account type: the account it switches to, and what that changes. */
function renderConsent(accountType: EmbeddedAccountType, address: string): Node[] {
  const t = texts();
  return [part(el('h1', { id: 'approval-title' }, t.switchTo(accountType)), el('p', {}, t.switchExplain), details([[t.address, address]]))];
}

const decisionContent = (decision: Decision) => (decision.kind === 'account' ? renderConsent(decision.accountType, decision.address) : renderView(decision.view));
const decisionLabels = (decision: Decision) => {
  const t = texts();
  return decision.kind === 'account' ? { approve: t.switchAccount, reject: t.cancel, busy: t.switching } : { approve: t.approve, reject: t.reject, busy: t.approving };
};

/**
 * Mounts a panel in `root`: `content` in the one scroll region (keyboard users scroll it from its focus), `foot`
 * below it. In the wallet's frame it reports the height it needs, so that the modal grows the frame to it.
 * `onReplaced` runs when another panel takes the root. Answers the content's container.
 */
export function mountPanel(content: Node[], foot: HTMLElement, options: { labelledBy: string; reportHeight: boolean; onReplaced?: () => void }): HTMLElement {
  stopPanel?.();
  const inner = el('div', { className: 'content' }, ...content);
  const scroller = el('div', { className: 'scroll', tabIndex: 0 }, inner);
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-labelledby', options.labelledBy);
  root.replaceChildren(scroller, foot);
  root.setAttribute('aria-labelledby', options.labelledBy);
  let reported = -1;
  const resize = new ResizeObserver(() => {
    const style = getComputedStyle(root);
    const needed = Math.ceil(parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.rowGap || '0') + inner.offsetHeight + foot.offsetHeight);
    const height = Math.min(needed, EMBEDDED_FRAME_MAX_HEIGHT);
    if (height === reported) return;
    reported = height;
    post({ channel: EMBEDDED_CHANNEL, type: 'Resize', height });
  });
  if (options.reportHeight) {
    resize.observe(inner);
    resize.observe(foot);
  }
  stopPanel = () => {
    resize.disconnect();
    stopPanel = undefined;
    options.onReplaced?.();
  };
  return inner;
}

/**
 * Shows a decision: its parts in the scroll region, the hint and the buttons below it. Answers the ends of its
 * parts and the hint.
 */
function showPanel(content: Node[], reject: HTMLButtonElement, approve: HTMLButtonElement, reportHeight: boolean): { ends: Element[]; hint: HTMLElement } {
  // Shown, and Approve's description, while a part of the request has not been in view.
  const hint = el('p', { id: 'approval-hint', className: 'hint' }, texts().unreadHint);
  approve.setAttribute('aria-describedby', hint.id);
  const foot = el('div', { className: 'foot' }, hint, el('div', { className: 'row' }, reject, approve));
  const inner = mountPanel(content, foot, { labelledBy: 'approval-title', reportHeight });
  return { ends: [...inner.querySelectorAll('.end')], hint };
}

export function clearPanel() {
  stopPanel?.();
  root.replaceChildren();
}

/** Whether this browser reports if the frame is really visible to the user (IntersectionObserver v2). */
const canTrackVisibility = () => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * Keeps `button` disabled until every part of the request has been read (the end of each of `parts` in view inside
 * the frame, not clipped by a frame the dapp made small; `onRead` then runs) and every target is visible to the user
 * (not covered, not transparent, not transformed, the page shown) for APPROVAL_DELAY_MS; disables it again the moment
 * one is not. Answers whether a click now counts, and a stop.
 */
function guardVisibility(targets: Element[], button: HTMLButtonElement, trackVisibility: boolean, parts: Element[] = [], onRead?: () => void): { armed(): boolean; stop(): void } {
  const seen = new Map<Element, boolean>(targets.map((t) => [t, !trackVisibility]));
  const unread = new Set(parts);
  let armed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const visible = document.visibilityState === 'visible' && unread.size === 0 && [...seen.values()].every(Boolean);
    clearTimeout(timer);
    armed = false;
    button.disabled = true;
    if (visible) {
      timer = setTimeout(() => {
        armed = true;
        button.disabled = false;
      }, APPROVAL_DELAY_MS);
    }
  };
  const visibility = trackVisibility ? ({ trackVisibility: true, delay: 100 } as IntersectionObserverInit) : {};
  const observer = trackVisibility
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries) seen.set(entry.target, entry.isIntersecting && (entry as VisibilityEntry).isVisible === true);
          update();
        },
        { threshold: [0, 1], ...visibility },
      )
    : undefined;
  // root null: inside the frame, the top-level viewport, so an end clipped by a small frame or the dialog is not in view.
  const reader = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        // A part's end only touching the edge (ratio 0) is not in view yet.
        if (entry.isIntersecting && entry.intersectionRatio > 0 && (!trackVisibility || (entry as VisibilityEntry).isVisible === true)) {
          unread.delete(entry.target);
          reader.unobserve(entry.target);
        }
      }
      if (unread.size === 0) {
        reader.disconnect();
        onRead?.();
        update();
      }
    },
    { threshold: [0, 1], ...visibility },
  );
  for (const target of targets) observer?.observe(target);
  for (const end of parts) reader.observe(end);
  if (unread.size === 0) onRead?.();
  document.addEventListener('visibilitychange', update);
  update();
  return {
    armed: () => armed && !button.disabled,
    stop() {
      clearTimeout(timer);
      observer?.disconnect();
      reader.disconnect();
      document.removeEventListener('visibilitychange', update);
    },
  };
}

/** Once every part has been read: the hint goes, and with it Approve's reason to wait. */
const readHandler = (hint: HTMLElement, approve: HTMLButtonElement) => () => {
  hint.remove();
  approve.removeAttribute('aria-describedby');
};

/**
 * Shows a decision and resolves true on Approve (Switch), false on Reject (Cancel). Approve counts only once every
 * part has been in view and the frame has then been visible for a second; where the browser cannot tell, the
 * decision moves to a window on this origin, under the same rule. `describe` writes the decision in the frame's
 * language: when the modal changes the language while it is on screen, it is written again in the new one, and its
 * parts must be read again before Approve counts (a window already open keeps the language it opened in).
 */
export function decide(id: string, describe: () => Decision): Promise<boolean> {
  let decision = describe();
  let labels: ReturnType<typeof decisionLabels>;
  approval?.settle(new FrameError('Request was aborted', 4001));
  const tracked = canTrackVisibility();
  const approve = el('button', { type: 'button', className: 'primary', disabled: true });
  const reject = el('button', { type: 'button' });
  let guard: { armed(): boolean; stop(): void } | undefined;
  /** Shows the decision as `describe` writes it now; the buttons are kept (with their focus) and named again. */
  const show = () => {
    labels = decisionLabels(decision);
    approve.textContent = tracked ? labels.approve : texts().reviewInWindow;
    reject.textContent = labels.reject;
    const focused = document.activeElement;
    guard?.stop();
    const { ends, hint } = showPanel(decisionContent(decision), reject, approve, true);
    if (focused === approve || focused === reject) (focused as HTMLButtonElement).focus();
    // Without visibility tracking the frame only opens the window, where the parts are read.
    guard = guardVisibility([root, approve], approve, tracked, tracked ? ends : [], readHandler(hint, approve));
  };
  show();
  post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id, open: true, kind: decision.kind });
  reject.focus();
  const stopListening = onLanguageChange(() => {
    if (approval?.id !== id) return;
    decision = describe();
    show();
  });
  let popup: Window | null = null;
  return new Promise<boolean>((resolve, rejectPromise) => {
    const onWindowMessage = (event: MessageEvent) => {
      const data = event.data as { channel?: string; type?: string; id?: string; approved?: boolean } | null;
      if (event.origin !== location.origin || !popup || event.source !== popup || data?.channel !== APPROVAL_WINDOW_CHANNEL || data.id !== id) return;
      if (data.type === 'Ready') popup.postMessage({ channel: APPROVAL_WINDOW_CHANNEL, type: 'Show', id, decision }, location.origin);
      if (data.type === 'Decision') settle(data.approved === true);
    };
    const settle = (result: boolean | Error) => {
      if (approval?.id !== id) return;
      approval = undefined;
      stopListening();
      guard?.stop();
      window.removeEventListener('message', onWindowMessage);
      popup?.close();
      if (result === true) {
        approve.disabled = reject.disabled = true;
        approve.textContent = labels.busy;
      } else {
        closeApproval(id);
      }
      if (result instanceof Error) rejectPromise(result);
      else resolve(result);
    };
    approval = { id, settle };
    window.addEventListener('message', onWindowMessage);
    approve.addEventListener('click', () => {
      if (!guard?.armed()) return;
      if (tracked) return settle(true);
      // A top-level window on the wallet's origin: no page can cover or fade it.
      popup = window.open(`/approval-window?id=${encodeURIComponent(id)}&lang=${encodeURIComponent(texts().lang)}`, 'minibot-approval', 'popup,width=440,height=640');
    });
    reject.addEventListener('click', () => settle(false));
  });
}

/** Shows what is about to be signed or sent, as `describe` writes it; resolves true on Approve, false on Reject (see `decide`). */
export const askApproval = (id: string, describe: () => ApprovalView) =>
  decide(id, () => {
    const view = describe();
    return { kind: view.kind, view };
  });

export function closeApproval(id: string) {
  clearPanel();
  post({ channel: EMBEDDED_CHANNEL, type: 'Approval', id, open: false });
}

/** The approval window (fallback): shows the decision its opener (the frame, same origin) sends and answers it, under the frame's rule. */
export async function startApprovalWindow() {
  const query = new URLSearchParams(location.search);
  const id = query.get('id') ?? '';
  const opener = window.opener as Window | null;
  // The frame's language (the decision's own texts come written in it).
  await useLanguage(query.get('lang'));
  if (!opener || !id) {
    root.textContent = texts().windowFromWallet;
    return;
  }
  const answer = (approved: boolean) => {
    opener.postMessage({ channel: APPROVAL_WINDOW_CHANNEL, type: 'Decision', id, approved }, location.origin);
    window.close();
  };
  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { channel?: string; type?: string; id?: string; decision?: Decision } | null;
    if (event.origin !== location.origin || event.source !== opener || data?.channel !== APPROVAL_WINDOW_CHANNEL || data.type !== 'Show' || data.id !== id || !data.decision) return;
    const labels = decisionLabels(data.decision);
    const approve = el('button', { type: 'button', className: 'primary', textContent: labels.approve, disabled: true });
    const reject = el('button', { type: 'button', textContent: labels.reject });
    const { ends, hint } = showPanel(decisionContent(data.decision), reject, approve, false);
    reject.focus();
    const guard = guardVisibility([root], approve, false, ends, readHandler(hint, approve));
    approve.addEventListener('click', () => guard.armed() && answer(true));
    reject.addEventListener('click', () => answer(false));
  });
  opener.postMessage({ channel: APPROVAL_WINDOW_CHANNEL, type: 'Ready', id }, location.origin);
}


/** Aborts the approval of request `id` if it is the one shown (the app withdrew the request). */
export function abortApproval(id: string) {
  if (approval?.id === id) approval.settle(new FrameError('Request was aborted', 4001));
}
