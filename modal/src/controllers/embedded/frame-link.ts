import { EMBEDDED_TIMEOUTS, type EmbeddedApprovalKind, type EmbeddedUser } from '../../api/embedded-protocol.js';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import { EmbeddedWalletError } from '../../connectors/embedded/runtime.js';
import type { Clock, ModalMessages } from '../../core/types.js';
import type { StateSlice } from './steps.js';

export interface FrameState {
  /** The frame: loaded when a visitor first picks e-mail or a social. */
  frame: 'idle' | 'loading' | 'ready' | 'failed';
}

export interface FrameLinkDeps {
  store: StateSlice<FrameState>;
  clock: Clock;
  /** Creates the frame (DOM) and its channel; the link waits for its readiness. */
  openFrame(): FrameChannel | Promise<FrameChannel>;
  messages: Pick<ModalMessages, 'emailLoginDependency'>;
  /** The modal's theme, handed to the frame once it is ready. */
  themeMode(): 'light' | 'dark';
  /** The frame opened or closed its approval UI for a request. */
  onApproval(id: string, open: boolean, kind?: EmbeddedApprovalKind): void;
}

/** The wallet frame, loaded once on first use, and what the modal reads from it. */
export interface FrameLink {
  /** The frame's channel once ready (+500 ms, spec section 9); 'Unable to load email login dependency' otherwise. */
  frame(): Promise<FrameChannel>;
  /** The frame's channel if it is ready already. */
  channel(): FrameChannel | undefined;
  /** The frame answers addresses in lower case: the modal shows and hands out EIP-55 ones, as for every wallet. */
  checksumUser(user: EmbeddedUser): EmbeddedUser;
}

export function createFrameLink(deps: FrameLinkDeps): FrameLink {
  const { store, clock } = deps;
  let channel: FrameChannel | undefined;
  let loading: Promise<FrameChannel> | undefined;
  let checksumAddress = (address: string) => address;

  const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

  return {
    frame() {
      loading ??= (async () => {
        store.setState({ frame: 'loading' });
        // The shell's frame opener is async (its own chunk); a synchronous one starts waiting for readiness at once.
        const made = deps.openFrame();
        // EIP-55 (keccak) in its own chunk, fetched while the frame loads: a login's user comes only after it.
        void import('../../core/address.js').then((m) => (checksumAddress = m.checksumAddress));
        const opened = made instanceof Promise ? await made : made;
        try {
          await opened.ready(EMBEDDED_TIMEOUTS.load);
        } catch {
          opened.close();
          throw new EmbeddedWalletError(-32603, deps.messages.emailLoginDependency);
        }
        await sleep(EMBEDDED_TIMEOUTS.readyDelay);
        opened.onApproval(deps.onApproval);
        opened.request({ type: 'SyncTheme', themeMode: deps.themeMode() }).catch(() => undefined);
        channel = opened;
        store.setState({ frame: 'ready' });
        return opened;
      })().catch((error: unknown) => {
        loading = undefined;
        store.setState({ frame: 'failed' });
        throw error;
      });
      return loading;
    },
    channel: () => channel,
    checksumUser: (user) => ({
      ...user,
      address: checksumAddress(user.address),
      accounts: user.accounts.map((a) => ({ ...a, address: checksumAddress(a.address) })),
    }),
  };
}
