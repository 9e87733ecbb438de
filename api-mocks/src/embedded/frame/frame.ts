// The embedded wallet's frame: runs on the wallet's own origin inside the dapp's modal. Only here does the account
// key exist, rebuilt for each use from this device's share and the service's auth share (session.ts). This entry
// routes the modal's messages to the modules that answer them: login, user, signing (requests and approval), panels.
import { EMBEDDED_CHANNEL, type AppToFrameMessage } from '../../../../modal/src/api/embedded-protocol.js';
import { withAccountTypes } from './accounts.js';
import { abortApproval, clearPanel, mountPanel, startApprovalWindow } from './approval-ui.js';
import { answerRequests, isInAcceptedPage, post, root } from './channel.js';
import type { PanelHost } from './custody-panels.js';
import { handBackFocusAtEnds } from './keyboard.js';
import * as login from './login.js';
import { closeCustodyPanel, custodyPanels } from './panels.js';
import * as session from './session.js';
import { runRpc } from './signing.js';
import { dbPromise, deviceId } from './storage.js';
import * as user from './user.js';

/** What the panels use of this script (one copy of the session, the root and its height reports). */
const panelHost: PanelHost = {
  session,
  mount: (content, foot, options) => mountPanel(content, foot, { ...options, reportHeight: true }),
  clear: clearPanel,
  withAccountTypes,
  deviceId,
  loggedIn: login.loggedIn,
};

/** One answer per message type of the protocol (the type checker asks for each). */
type Handlers = { [T in AppToFrameMessage['type']]: (message: Extract<AppToFrameMessage, { type: T }>) => unknown };

const handlers: Handlers = {
  ConnectEmail: login.connectEmail,
  ConnectDevice: login.connectDevice,
  ConnectOtp: login.connectOtp,
  GetSocialRedirectUri: login.socialRedirectUri,
  ConnectSocial: login.connectSocial,
  GetSocialStatus: login.socialStatus,
  ConnectFarcaster: login.connectFarcaster,
  AwaitFarcaster: login.awaitFarcaster,
  ConnectPasskey: async () => (await custodyPanels()).connectPasskey(panelHost),
  UpdateEmail: login.updateEmail,
  UpdateEmailVerify: login.updateEmailVerify,
  GetUser: user.getUser,
  SignOut: user.signOut,
  InitSmartAccount: user.initSmartAccount,
  SetPreferredAccount: user.setPreferredAccount,
  RpcRequest: (message) => runRpc(message.id, message),
  AbortRpcRequest: ({ requestId }) => abortApproval(requestId),
  SyncTheme: ({ themeMode }) => {
    document.documentElement.dataset.theme = themeMode;
  },
  ShowPanel: async ({ panel, texts }) => (await custodyPanels()).showCustodyPanel(panel, texts, panelHost),
  ClosePanel: closeCustodyPanel,
};

const handle = async (message: AppToFrameMessage): Promise<unknown> => (handlers[message.type] as (message: AppToFrameMessage) => unknown)(message);

if (root.dataset.mode === 'approval-window') {
  startApprovalWindow();
} else if (!isInAcceptedPage()) {
  root.textContent = 'This page works only inside the wallet modal.';
} else {
  answerRequests(handle);
  handBackFocusAtEnds();
  void dbPromise.then(() => post({ channel: EMBEDDED_CHANNEL, type: 'Ready' }));
}
