import { ModalError } from '../modal-error.js';
import type { NetworksContext } from './networks-types.js';

/*
 * The networks controller's switch (controllers/networks.ts keeps the list and the wallet's chain): a chunk of its
 * own, loaded with the first switch, out of what a page and the headless connect path load first.
 */

/**
 * Switch number `mine` (taken when it was asked): see `NetworksController.switchNetwork`. Only a switch that asks the
 * wallet can be cancelled (the modal closed while the wallet had not answered); one without a wallet call changes the
 * active network when it runs.
 */
export async function switchNetwork(ctx: NetworksContext, chainId: number | string, mine: number): Promise<void> {
  const { store, deps } = ctx;
  const settle = () => {
    if (ctx.isCurrent(mine)) store.setState({ switching: false, isSwitchingNamespace: false });
  };
  const network = ctx.findNetwork(chainId);
  if (!network) {
    settle();
    throw new ModalError(deps.messages.networkNotFound, { details: `chain ${chainId} is not in networks` });
  }
  if (network.chainNamespace !== store.getState().activeNamespace) deps.send.reset();
  const provider = deps.getProvider();
  if (!provider || network.chainNamespace !== 'eip155') {
    store.setState({ activeNetwork: network, activeNamespace: network.chainNamespace });
    return settle();
  }
  // Cancelled (or overtaken) while this chunk loaded: the wallet is not asked.
  if (!ctx.isCurrent(mine)) return;
  try {
    const switchChain = deps.switchChain ?? (await import('../connectors/switch-chain.js')).switchChain;
    if (!ctx.isCurrent(mine)) return;
    await switchChain(provider, network);
    if (!ctx.isCurrent(mine)) return;
    store.setState({ walletChainId: network.id, isUnsupported: false, activeNetwork: network, activeNamespace: network.chainNamespace });
  } finally {
    settle();
  }
}
