// The embedded wallet's frame: runs on the wallet's own origin inside the dapp's modal. Only here does the account
// key exist, rebuilt for each use from this device's share and the service's auth share (session.ts). This entry
// routes the modal's messages to the modules that answer them: login, user, signing (requests and approval), panels.
import { EMBEDDED_CHANNEL, type AppToFrameMessage } from '../../../../modal/src/api/embedded-protocol.js';
import { withAccountTypes } from './accounts.js';
import { abortApproval, clearPanel, mountPanel, startApprovalWindow } from './approval-ui.js';
import { answerRequests, isInAcceptedPage, post, root } from './channel.js';
import type { PanelHost } from './custody-panels.js';
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

async function handle(message: AppToFrameMessage): Promise<unknown> {
  switch (message.type) {
    case 'ConnectEmail':
      return login.connectEmail(message);
    case 'ConnectDevice':
      return login.connectDevice();
    case 'ConnectOtp':
      return login.connectOtp(message);
    case 'GetSocialRedirectUri':
      return login.socialRedirectUri(message);
    case 'ConnectSocial':
      return login.connectSocial();
    case 'GetSocialStatus':
      return login.socialStatus();
    case 'ConnectFarcaster':
      return login.connectFarcaster();
    case 'AwaitFarcaster':
      return login.awaitFarcaster();
    case 'ConnectPasskey':
      return (await custodyPanels()).connectPasskey(panelHost);
    case 'UpdateEmail':
      return login.updateEmail(message);
    case 'UpdateEmailVerify':
      return login.updateEmailVerify(message);
    case 'GetUser':
      return user.getUser(message);
    case 'SignOut':
      return user.signOut();
    case 'InitSmartAccount':
      return user.initSmartAccount();
    case 'SetPreferredAccount':
      return user.setPreferredAccount(message);
    case 'RpcRequest':
      return runRpc(message.id, message);
    case 'AbortRpcRequest':
      abortApproval(message.requestId);
      return null;
    case 'SyncTheme':
      document.documentElement.dataset.theme = message.themeMode;
      return null;
    case 'ShowPanel':
      return (await custodyPanels()).showCustodyPanel(message.panel, message.texts, panelHost);
    case 'ClosePanel':
      await closeCustodyPanel();
      return null;
  }
}

if (root.dataset.mode === 'approval-window') {
  startApprovalWindow();
} else if (!isInAcceptedPage()) {
  root.textContent = 'This page works only inside the wallet modal.';
} else {
  answerRequests(handle);
  void dbPromise.then(() => post({ channel: EMBEDDED_CHANNEL, type: 'Ready' }));
}
