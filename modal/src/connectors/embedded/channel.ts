import {
  EMBEDDED_CHANNEL,
  type EmbeddedApprovalKind,
  type FocusExitDirection,
  parseFrameMessage,
  type AppToFrameRequest,
  type AppToFrameType,
  type FrameResults,
} from '../../api/embedded-protocol.js';
import type { Clock } from '../../core/types.js';
import { EmbeddedWalletError } from './runtime.js';

/** A message event as the channel reads it (the window's `message` event in a browser). */
export interface ChannelMessageEvent {
  data: unknown;
  origin: string;
  source: unknown;
}

export interface FrameChannelOptions {
  clock: Clock;
  /** The frame's origin: messages from any other origin are ignored, and messages are posted only to it. */
  frameOrigin: string;
  /** The frame's window (`iframe.contentWindow`): messages from any other window are ignored. */
  frameWindow: () => unknown;
  /** Posts to the frame (`contentWindow.postMessage(message, frameOrigin)`). */
  post(message: unknown, targetOrigin: string): void;
  /** Subscribes to the app window's messages; returns the unsubscribe function. */
  listen(handler: (event: ChannelMessageEvent) => void): () => void;
  randomId?: () => string;
}

export type FrameRequest<T extends AppToFrameType> = Extract<AppToFrameRequest, { type: T }>;

/** The app side of the protocol: typed requests with time-outs, and the frame's readiness and approval signals. */
export interface FrameChannel {
  /** Resolves when the frame reported ready; rejects after `timeoutMs`. */
  ready(timeoutMs: number): Promise<void>;
  /**
   * Sends a request; rejects with the frame's error, or with a FrameTimeoutError after `timeoutMs` (no time-out when
   * undefined). Its message is for the logger: a caller shows the catalogue's sentence for it.
   */
  request<T extends AppToFrameType>(request: FrameRequest<T>, options?: { timeoutMs?: number; id?: string }): Promise<FrameResults[T]>;
  /** Called when the frame opens or closes its approval UI for a request. */
  onApproval(listener: (id: string, open: boolean, kind?: EmbeddedApprovalKind) => void): () => void;
  /** Called with the height (px) the frame's content needs, each time it changes. */
  onResize(listener: (height: number) => void): () => void;
  /** Called when the keyboard leaves the frame (Tab from its last control, Shift+Tab from its first). */
  onFocusExit(listener: (direction: FocusExitDirection) => void): () => void;
  newId(): string;
  close(): void;
}

/** A request the frame did not answer in time (its message is for the logger; `errorMessageOf` maps it to requestTimedOut). */
export class FrameTimeoutError extends EmbeddedWalletError {
  override name = 'FrameTimeoutError';
}

let counter = 0;

/** The app side of the cross-frame channel. DOM-free: the window and the frame come in as functions. */
export function createFrameChannel(options: FrameChannelOptions): FrameChannel {
  const { clock } = options;
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void }>();
  const approvalListeners = new Set<(id: string, open: boolean, kind?: EmbeddedApprovalKind) => void>();
  const resizeListeners = new Set<(height: number) => void>();
  const focusExitListeners = new Set<(direction: FocusExitDirection) => void>();
  let isReady = false;
  const readyWaiters = new Set<() => void>();
  const newId = options.randomId ?? (() => `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`);

  const unlisten = options.listen((event) => {
    // Only the frame we created, from its origin, is heard; anything else on the window is ignored.
    if (event.origin !== options.frameOrigin || event.source == null || event.source !== options.frameWindow()) return;
    const message = parseFrameMessage(event.data);
    if (!message) return;
    if (message.type === 'Ready') {
      isReady = true;
      for (const wake of readyWaiters) wake();
      readyWaiters.clear();
      return;
    }
    if (message.type === 'Approval') {
      for (const listener of approvalListeners) listener(message.id, message.open, message.kind);
      return;
    }
    if (message.type === 'Resize') {
      for (const listener of resizeListeners) listener(message.height);
      return;
    }
    if (message.type === 'FocusExit') {
      for (const listener of focusExitListeners) listener(message.direction);
      return;
    }
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    if (message.ok) entry.resolve(message.result);
    else entry.reject(new EmbeddedWalletError(message.error.code ?? -32603, message.error.message, message.error));
  });

  return {
    ready(timeoutMs) {
      if (isReady) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          clock.clearTimeout(timer);
          resolve();
        };
        const timer = clock.setTimeout(() => {
          readyWaiters.delete(wake);
          reject(new FrameTimeoutError(-32603, 'The wallet frame did not load'));
        }, timeoutMs);
        readyWaiters.add(wake);
      });
    },
    request(request, requestOptions = {}) {
      const id = requestOptions.id ?? newId();
      return new Promise((resolve, reject) => {
        let timer: unknown;
        const settle = () => {
          if (timer !== undefined) clock.clearTimeout(timer);
          pending.delete(id);
        };
        pending.set(id, {
          resolve: (value) => {
            settle();
            resolve(value as never);
          },
          reject: (error) => {
            settle();
            reject(error);
          },
        });
        if (requestOptions.timeoutMs !== undefined) {
          timer = clock.setTimeout(() => {
            pending.delete(id);
            reject(new FrameTimeoutError(-32603, 'The wallet frame did not answer in time'));
          }, requestOptions.timeoutMs);
        }
        options.post({ ...request, channel: EMBEDDED_CHANNEL, id }, options.frameOrigin);
      });
    },
    onApproval(listener) {
      approvalListeners.add(listener);
      return () => approvalListeners.delete(listener);
    },
    onResize(listener) {
      resizeListeners.add(listener);
      return () => resizeListeners.delete(listener);
    },
    onFocusExit(listener) {
      focusExitListeners.add(listener);
      return () => focusExitListeners.delete(listener);
    },
    newId,
    close() {
      unlisten();
      for (const entry of pending.values()) entry.reject(new EmbeddedWalletError(4900, 'The wallet frame was closed'));
      pending.clear();
    },
  };
}
