import { ChainSwitchError, mapProviderError, providerErrorCode, UNRECOGNIZED_CHAIN_CODE, UserRejectedError } from '../errors.js';
import type { Eip1193Provider, ModalNetwork } from '../core/types.js';

/** The parameters of wallet_addEthereumChain (EIP-3085) for a network. */
export function addChainParameters(network: ModalNetwork) {
  return {
    chainId: `0x${network.id.toString(16)}`,
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
  };
}

function isUnrecognizedChain(error: unknown): boolean {
  if (providerErrorCode(error) === UNRECOGNIZED_CHAIN_CODE) return true;
  // Some wallets wrap 4902 into -32603 with only the text left.
  return /unrecognized chain|wallet_addEthereumChain/i.test(String((error as { message?: unknown })?.message ?? ''));
}

/**
 * Switches the wallet to `network`; when the wallet does not know the chain (4902) it adds it with the
 * network's parameters, then switches again. Throws UserRejectedError on 4001, ChainSwitchError otherwise.
 * @example await switchChain(window.ethereum, bscNetwork)
 */
export async function switchChain(provider: Eip1193Provider, network: ModalNetwork): Promise<void> {
  const chainId = `0x${network.id.toString(16)}`;
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    return;
  } catch (error) {
    const mapped = mapProviderError(error);
    if (mapped instanceof UserRejectedError) throw mapped;
    if (!isUnrecognizedChain(error)) throw new ChainSwitchError(network.id, { cause: error, details: mapped.message });
  }
  try {
    await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(network)] });
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    const mapped = mapProviderError(error);
    if (mapped instanceof UserRejectedError) throw mapped;
    throw new ChainSwitchError(network.id, { cause: error, details: mapped.message });
  }
}
