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
import { formatLocale, texts, useLanguage } from './texts/catalogue.js';
import * as user from './user.js';

/** What the panels use of this script (one copy of the session, the root and its height reports). */
const panelHost: PanelHost = {
  session,
  mount: (content, foot, options) => mountPanel(content, foot, { ...options, reportHeight: true }),
  clear: clearPanel,
  withAccountTypes,
  deviceId,
  loggedIn: login.loggedIn,
  texts,
  formatLocale,
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
  // Only the panel: its words are the frame's own (a `texts` field from the page is never read).
  ShowPanel: async ({ panel }) => (await custodyPanels()).showCustodyPanel(panel, panelHost),
  SetLanguage: ({ lang }) => useLanguage(lang),
  ClosePanel: closeCustodyPanel,
};

const handle = async (message: AppToFrameMessage): Promise<unknown> => (handlers[message.type] as (message: AppToFrameMessage) => unknown)(message);

if (root.dataset.mode === 'approval-window') {
  void startApprovalWindow();
} else {
  // The modal's language, as a tag on the frame's URL (the frame picks its own catalogue for it).
  const language = useLanguage(new URLSearchParams(location.search).get('lang'));
  if (!isInAcceptedPage()) {
    void language.then(() => (root.textContent = texts().onlyInModal));
  } else {
    answerRequests(handle);
    handBackFocusAtEnds();
    void Promise.all([dbPromise, language]).then(() => post({ channel: EMBEDDED_CHANNEL, type: 'Ready' }));
  }
}
