import type { EmbeddedApprovalKind } from '../../api/embedded-protocol.js';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import type { CoreControllers } from '../core-controllers.js';

export interface ApprovalsDeps {
  controllers: Pick<CoreControllers, 'modal' | 'router'>;
  /** The frame's channel if it is ready already. */
  channel(): FrameChannel | undefined;
}

/** The frame's approval UI for a request (signing, sending, switching the account type), shown in ApproveTransaction. */
export interface Approvals {
  /** A request the frame may ask the visitor to approve: when it does, the modal shows ApproveTransaction. */
  expect(id: string): void;
  /** The frame opened or closed its approval UI for request `id`. */
  onApproval(id: string, open: boolean, kind?: EmbeddedApprovalKind): void;
  /** Request `id` settled: its approval view leaves (back where the visitor was, or the modal closes as it was). */
  end(id: string): void;
}

export function createApprovals(deps: ApprovalsDeps): Approvals {
  const { controllers } = deps;
  const pending = new Map<string, { modalWasOpen: boolean; shown: boolean }>();
  /** The request whose approval the modal shows now. */
  let shownId: string | undefined;

  const end = (id: string) => {
    const entry = pending.get(id);
    pending.delete(id);
    if (!entry?.shown || shownId !== id) return;
    shownId = undefined;
    if (controllers.router.getState().view !== 'ApproveTransaction') return;
    if (entry.modalWasOpen) controllers.router.back();
    else controllers.modal.close();
  };

  // Closing the modal while the frame asks for approval aborts the request ('Request was aborted').
  controllers.modal.subscribe((state, previous) => {
    const id = shownId;
    const channel = deps.channel();
    if (previous.open && !state.open && id && channel) {
      shownId = undefined;
      pending.delete(id);
      void channel.request({ type: 'AbortRpcRequest', requestId: id }).catch(() => undefined);
    }
  });

  return {
    expect(id) {
      pending.set(id, { modalWasOpen: controllers.modal.getState().open, shown: false });
    },
    onApproval(id, open, kind) {
      const entry = pending.get(id);
      if (!entry) return;
      if (open && !entry.shown) {
        entry.shown = true;
        shownId = id;
        if (!controllers.modal.getState().open) controllers.modal.open({ view: 'ApproveTransaction' });
        controllers.router.push('ApproveTransaction', { approvalKind: kind });
      } else if (!open) {
        end(id);
      }
    },
    end,
  };
}
