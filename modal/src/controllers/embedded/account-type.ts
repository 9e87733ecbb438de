import type { EmbeddedUser } from '../../api/embedded-protocol.js';
import type { EmbeddedProvider } from '../../connectors/embedded/provider.js';
import type { CoreControllers } from '../core-controllers.js';
import type { Approvals } from './approvals.js';
import { isUserRejected } from './security.js';
import type { StateSlice, Steps } from './steps.js';

/** The account state of the embedded user: both accounts, the preferred type, whether the smart account is deployed. */
export function accountTypeState(user: EmbeddedUser) {
  return {
    allAccounts: user.accounts,
    smartAccountDeployed: Boolean(user.smartAccountDeployed),
    preferredAccountTypes: { eip155: user.preferredAccountType ?? 'eoa' },
  };
}

export interface AccountTypeDeps {
  store: StateSlice<{ user?: EmbeddedUser }>;
  controllers: Pick<CoreControllers, 'account'>;
  steps: Pick<Steps, 'run'>;
  approvals: Pick<Approvals, 'expect' | 'end'>;
  /** The connected session's provider (it tells the dapp of the new address). */
  provider(): EmbeddedProvider | undefined;
  checksumUser(user: EmbeddedUser): EmbeddedUser;
}

export interface AccountTypeSwitch {
  /** See `EmbeddedController.setPreferredAccountType`. */
  setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<void>;
}

/** Switches the connected account between the EOA and the smart account, after the frame's consent. */
export function createAccountTypeSwitch(deps: AccountTypeDeps): AccountTypeSwitch {
  const { store, controllers } = deps;
  return {
    async setPreferredAccountType(type) {
      const current = store.getState().user;
      if (!current || !deps.provider() || (current.preferredAccountType ?? 'eoa') === type) return;
      await deps.steps.run(async (ready) => {
        // The frame's consent shows like an approval (the modal routes to it); it waits for the visitor, without a time-out.
        const id = ready.newId();
        deps.approvals.expect(id);
        let answered: EmbeddedUser;
        try {
          answered = await ready.request({ type: 'SetPreferredAccount', accountType: type }, { id });
        } catch (error) {
          if (isUserRejected(error)) return;
          throw error;
        } finally {
          deps.approvals.end(id);
        }
        const user = deps.checksumUser(answered);
        store.setState({ user });
        // The new address first (the connection resets the account list), then both accounts and the type.
        if (user.address.toLowerCase() !== current.address.toLowerCase()) deps.provider()!.emit('accountsChanged', [user.address]);
        controllers.account.update('eip155', accountTypeState(user));
      });
    },
  };
}
