import { describe, expect, it } from 'vitest';
import { UserRejectedRequestError } from 'viem';
import { presaleAbi } from '../abi.js';
import { createFakeClient, TEST_ADDRESS, TEST_HASH, type FakeClient } from '../test/fakeModal.js';
import { isUserRejection, MintError, mintErrorMessage, mintPass, type MintPassParameters } from './mintFlow.js';

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const;
const PRICE = 10n ** 17n;

function parameters(overrides: Partial<MintPassParameters> = {}): MintPassParameters {
  const client = (overrides.client ?? createFakeClient({ chainId: 31337 })) as FakeClient;
  return {
    client,
    // What useWriteContract does with the client: the connected wallet client's writeContract.
    writeContract: (request) => client.walletClient.writeContract(request),
    target: { chainId: 31337, label: 'BSC Local' },
    contractAddress: CONTRACT,
    abi: presaleAbi,
    account: TEST_ADDRESS,
    price: PRICE,
    termsAccepted: true,
    isOwner: false,
    ...overrides,
  };
}

/** Runs the flow and returns the text the page would show ('' for nothing shown). */
async function shownMessage(overrides: Partial<MintPassParameters>): Promise<string> {
  try {
    await mintPass(parameters(overrides));
  } catch (error) {
    return mintErrorMessage(error) ?? '';
  }
  throw new Error('mintPass resolved');
}

describe('mintPass', () => {
  it('mints one pass with value = price × 1, waits for the receipt and returns the hash', async () => {
    const client = createFakeClient({ chainId: 31337 });
    await expect(mintPass(parameters({ client }))).resolves.toBe(TEST_HASH);
    expect(client.walletClient.writeContract).toHaveBeenCalledTimes(1);
    const request = client.walletClient.writeContract.mock.calls[0][0];
    expect(request).toMatchObject({ address: CONTRACT, functionName: 'mint', args: [1n], value: PRICE, chainId: 31337 });
    expect(client.publicClient.waitForTransactionReceipt).toHaveBeenCalledWith({ hash: TEST_HASH });
    expect(client.switchNetwork).not.toHaveBeenCalled();
  });

  it("reports its steps: 'switching' only for a wallet on another chain, then 'confirming', then 'pending' with the hash before the receipt", async () => {
    const steps: string[] = [];
    const client = createFakeClient({ chainId: 97 });
    client.publicClient.waitForTransactionReceipt.mockImplementation(async () => {
      steps.push('receipt');
      return { status: 'success', transactionHash: TEST_HASH };
    });
    await mintPass(parameters({ client, onProgress: (progress) => steps.push(progress.step === 'pending' ? `pending ${progress.hash}` : progress.step) }));
    expect(steps).toEqual(['switching', 'confirming', `pending ${TEST_HASH}`, 'receipt']);

    const onTarget: string[] = [];
    await mintPass(parameters({ onProgress: (progress) => onTarget.push(progress.step) }));
    expect(onTarget).toEqual(['confirming', 'pending']);
  });

  it("requires a connected wallet: 'Wallet not connected'", async () => {
    expect(await shownMessage({ account: undefined })).toBe('Wallet not connected');
  });

  it("requires a known price: 'Price not available'", async () => {
    expect(await shownMessage({ price: undefined })).toBe('Price not available');
  });

  it("blocks a non-owner who has not accepted the terms: 'Please accept the terms of use before minting'", async () => {
    const client = createFakeClient({ chainId: 31337 });
    expect(await shownMessage({ client, termsAccepted: false })).toBe('Please accept the terms of use before minting');
    expect(client.walletClient.writeContract).not.toHaveBeenCalled();
  });

  it('lets an owner mint more without the terms box', async () => {
    await expect(mintPass(parameters({ termsAccepted: false, isOwner: true }))).resolves.toBe(TEST_HASH);
  });

  it("needs a wallet client: 'No wallet client available'", async () => {
    const client = createFakeClient({ chainId: 31337 });
    client.getWalletClient.mockReturnValue(undefined as never);
    expect(await shownMessage({ client })).toBe('No wallet client available');
  });

  it("needs a public client: 'No public client available'", async () => {
    const client = createFakeClient({ chainId: 31337 });
    client.getPublicClient.mockReturnValue(undefined as never);
    expect(await shownMessage({ client })).toBe('No public client available');
  });

  it('switches a wallet on another chain to the configured chain before minting', async () => {
    const client = createFakeClient({ chainId: 97 });
    await expect(mintPass(parameters({ client }))).resolves.toBe(TEST_HASH);
    expect(client.switchNetwork).toHaveBeenCalledWith(31337);
    expect(client.switchNetwork.mock.invocationCallOrder[0]).toBeLessThan(
      client.walletClient.writeContract.mock.invocationCallOrder[0],
    );
  });

  it("shows 'Failed to switch to {label}. Please switch manually.' when switching or adding the chain fails", async () => {
    const client = createFakeClient({ chainId: 97 });
    client.switchNetwork.mockRejectedValue(Object.assign(new Error('wallet_addEthereumChain failed'), { name: 'ChainSwitchError' }));
    expect(await shownMessage({ client })).toBe('Failed to switch to BSC Local. Please switch manually.');
    expect(client.walletClient.writeContract).not.toHaveBeenCalled();
  });

  it('uses the configured label, reading as the spec with the bsc preset', async () => {
    const client = createFakeClient({ chainId: 97 });
    client.switchNetwork.mockRejectedValue(new Error('nope'));
    expect(await shownMessage({ client, target: { chainId: 56, label: 'BSC' } })).toBe('Failed to switch to BSC. Please switch manually.');
    const stuck = createFakeClient({ chainId: 97 });
    stuck.switchNetwork.mockResolvedValue(undefined);
    expect(await shownMessage({ client: stuck, target: { chainId: 56, label: 'BSC' } })).toBe('Incorrect chain. Switch to the BSC network');
  });

  it("shows 'Incorrect chain. Switch to the {label} network' when the wallet is still elsewhere after the switch", async () => {
    const client = createFakeClient({ chainId: 97 });
    client.switchNetwork.mockResolvedValue(undefined);
    expect(await shownMessage({ client })).toBe('Incorrect chain. Switch to the BSC Local network');
    expect(client.walletClient.writeContract).not.toHaveBeenCalled();
  });

  it('shows nothing when the user rejects the chain switch', async () => {
    const client = createFakeClient({ chainId: 97 });
    client.switchNetwork.mockRejectedValue(Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedError', code: 4001 }));
    expect(await shownMessage({ client })).toBe('');
  });

  it('shows nothing when the user rejects the transaction (viem UserRejectedRequestError)', async () => {
    const client = createFakeClient({ chainId: 31337 });
    client.walletClient.writeContract.mockRejectedValue(new UserRejectedRequestError(new Error('User rejected the request.')));
    expect(await shownMessage({ client })).toBe('');
  });

  it("shows the error's own message for any other failure", async () => {
    const client = createFakeClient({ chainId: 31337 });
    client.walletClient.writeContract.mockRejectedValue(new Error('insufficient funds for gas * price + value'));
    expect(await shownMessage({ client })).toBe('insufficient funds for gas * price + value');
  });

  it("falls back to 'An error occurred during minting' for an error without a message", async () => {
    const client = createFakeClient({ chainId: 31337 });
    client.walletClient.writeContract.mockRejectedValue({});
    expect(await shownMessage({ client })).toBe('An error occurred during minting');
  });

  it("reports a reverted receipt as 'An error occurred during minting'", async () => {
    const client = createFakeClient({ chainId: 31337 });
    client.publicClient.waitForTransactionReceipt.mockResolvedValue({ status: 'reverted' } as never);
    expect(await shownMessage({ client })).toBe('An error occurred during minting');
  });
});

describe('isUserRejection / mintErrorMessage', () => {
  it('recognises 4001 at any depth of cause, and the modal and viem error names', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection(new Error('wrapped', { cause: { code: 4001 } }))).toBe(true);
    expect(isUserRejection(Object.assign(new Error('x'), { name: 'UserRejectedError' }))).toBe(true);
    expect(isUserRejection(new UserRejectedRequestError(new Error('no')))).toBe(true);
    expect(isUserRejection(new Error('other'))).toBe(false);
    expect(isUserRejection(undefined)).toBe(false);
  });

  it("prefers a viem error's short message over its long one", () => {
    expect(mintErrorMessage({ shortMessage: 'Execution reverted.', message: 'Execution reverted.\n\nDetails: ...' })).toBe('Execution reverted.');
    expect(mintErrorMessage(new MintError('No wallet client available'))).toBe('No wallet client available');
    expect(mintErrorMessage('a string')).toBe('An error occurred during minting');
  });
});
