import type { EmbeddedUser, SocialProvider } from '../../api/embedded-protocol.js';
import type { FrameChannel } from '../../connectors/embedded/channel.js';
import { createEmbeddedProvider, type EmbeddedProvider } from '../../connectors/embedded/provider.js';
import type { ConnectorInfo, FetchLike, ModalMessages } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import { accountTypeState } from './account-type.js';
import type { Approvals } from './approvals.js';
import type { PanelState } from './panels.js';
import type { SocialLoginState } from './social-login.js';
import { REQUEST_TIMEOUT, type StateSlice } from './steps.js';

/** The auth connector: the embedded wallet behind e-mail and social logins. */
export const AUTH_CONNECTOR_ID = 'auth';
export const authConnector: ConnectorInfo = { id: AUTH_CONNECTOR_ID, name: 'E-mail wallet', type: 'INJECTED' };

/** The part of the embedded wallet's state a session writes: who is logged in, and by which social. */
export type SessionState = Pick<PanelState, 'user' | 'email' | 'gate'> & Pick<SocialLoginState, 'socialProvider'>;

export interface SessionDeps {
  store: StateSlice<SessionState>;
  controllers: Pick<CoreControllers, 'options' | 'networks' | 'toasts' | 'account' | 'connection'>;
  fetch: FetchLike;
  messages: ModalMessages;
  approvals: Pick<Approvals, 'expect' | 'end'>;
  /** The session ended (Disconnect): the answer of its login's panel is dropped. */
  onEnd(): void;
}

/** A logged-in user's session: the auth connector's provider, the connection and the account. */
export interface Session {
  /** Connects the user at once (the panels call it once a login needs none of them, or after one). */
  connect(user: EmbeddedUser, ready: FrameChannel): void;
  /** The provider of the latest session (undefined before the first login). */
  provider(): EmbeddedProvider | undefined;
}

export function createSession(deps: SessionDeps): Session {
  const { store, controllers, messages } = deps;
  let provider: EmbeddedProvider | undefined;

  return {
    connect(user, ready) {
      const chainId = controllers.networks.getState().activeNetwork.id;
      provider = createEmbeddedProvider({
        channel: ready,
        networks: controllers.options.networks,
        fetch: deps.fetch,
        address: () => store.getState().user?.address ?? user.address,
        accountType: () => store.getState().user?.preferredAccountType ?? 'eoa',
        chainId: controllers.options.networks.some((n) => n.id === chainId) ? chainId : controllers.options.networks[0].id,
        messages,
        onUnsafeRequest: deps.approvals.expect,
        onUnsafeSettled: deps.approvals.end,
        onRefused: () => controllers.toasts.show('error', messages.actionNotAllowed),
      });
      const social = user.authProvider === 'email' ? undefined : user.authProvider;
      store.setState({ user, gate: undefined, socialProvider: social === 'passkey' ? undefined : (social as SocialProvider | undefined) });
      controllers.connection.attachSession({
        provider,
        connector: authConnector,
        accounts: [user.address],
        chainId: provider.chainId,
        endSession: async () => {
          deps.onEnd();
          store.setState({ user: undefined, email: undefined });
          await ready.request({ type: 'SignOut' }, REQUEST_TIMEOUT);
        },
      });
      controllers.account.update('eip155', {
        user: { email: user.email, username: user.userName },
        socialProvider: social,
        ...accountTypeState(user),
      });
    },
    provider: () => provider,
  };
}
