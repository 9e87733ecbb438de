import { hashMessage, isErc6492Signature, parseErc6492Signature, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import { minibotSmartAccountAbi, minibotSmartAccountFactoryAbi } from '../../contracts/generated/index.js';
import { toEmbeddedSmartAccount } from '../src/embedded/smart-account.js';
import { devWallet } from './helpers.js';

const setup = () => inject('deployment').erc4337!;
const typedData = {
  domain: { name: 'Minibot Dapp', version: '1', chainId: 31337 },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'hello' },
} as const;

/** Deploys the owner's account of `salt` through the factory (a plain transaction, no bundler). */
async function deploy(owner: Address, salt: bigint): Promise<void> {
  const { publicClient, walletClient } = devWallet(7);
  const hash = await walletClient.writeContract({ address: setup().factory, abi: minibotSmartAccountFactoryAbi, functionName: 'createAccount', args: [owner, salt] });
  expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
}

describe("the embedded wallet's smart-account signatures", () => {
  it('a counterfactual account signs ERC-6492 (factory data included) and verifyMessage accepts it without deploying it', async () => {
    const { publicClient } = devWallet(7);
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup: setup() });
    const other = await toEmbeddedSmartAccount({ client: publicClient, owner: privateKeyToAccount(generatePrivateKey()), setup: setup() });

    const signature = await account.signMessage({ message: 'register mini.reown.id' });
    expect(isErc6492Signature(signature)).toBe(true);
    expect(parseErc6492Signature(signature).address).toBe(setup().factory);
    expect(await publicClient.verifyMessage({ address: account.address, message: 'register mini.reown.id', signature })).toBe(true);
    expect(await publicClient.verifyMessage({ address: account.address, message: 'another text', signature })).toBe(false);
    // Another account's signature for this address, and this signature for another address, are refused.
    const otherSignature = await other.signMessage({ message: 'register mini.reown.id' });
    expect(await publicClient.verifyMessage({ address: account.address, message: 'register mini.reown.id', signature: otherSignature })).toBe(false);
    expect(await publicClient.verifyMessage({ address: other.address, message: 'register mini.reown.id', signature })).toBe(false);
    // The owner's own EOA signature is not the account's.
    expect(await publicClient.verifyMessage({ address: account.address, message: 'register mini.reown.id', signature: await owner.signMessage({ message: 'register mini.reown.id' }) })).toBe(false);

    const typed = await account.signTypedData(typedData);
    expect(await publicClient.verifyTypedData({ address: account.address, ...typedData, signature: typed })).toBe(true);
    expect(await publicClient.getCode({ address: account.address })).toBeUndefined();
  });

  it('a deployed account signs plain ERC-1271 signatures, valid for it and not for the same owner\'s other account', async () => {
    const { publicClient } = devWallet(7);
    const owner = privateKeyToAccount(generatePrivateKey());
    await deploy(owner.address, 0n);
    await deploy(owner.address, 1n);
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup: setup() });
    const second = await toEmbeddedSmartAccount({ client: publicClient, owner, setup: setup(), salt: 1n });
    expect(second.address).not.toBe(account.address);

    const message = 'sign in to Minibot';
    const signature = await account.signMessage({ message });
    expect(isErc6492Signature(signature)).toBe(false);
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await publicClient.verifyMessage({ address: account.address, message, signature })).toBe(true);
    // The contract itself answers ERC-1271's magic value.
    const answer = await publicClient.readContract({ address: account.address, abi: minibotSmartAccountAbi, functionName: 'isValidSignature', args: [hashMessage(message), signature] });
    expect(answer).toBe('0x1626ba7e');
    // Replay on the owner's second account is refused; its own signature is accepted.
    expect(await publicClient.verifyMessage({ address: second.address, message, signature })).toBe(false);
    expect(await publicClient.verifyMessage({ address: second.address, message, signature: await second.signMessage({ message }) })).toBe(true);
    // Another owner's signature for this account is refused.
    const stranger = await toEmbeddedSmartAccount({ client: publicClient, owner: privateKeyToAccount(generatePrivateKey()), setup: setup() });
    expect(await publicClient.verifyMessage({ address: account.address, message, signature: await stranger.signMessage({ message }) })).toBe(false);

    const typed = await account.signTypedData(typedData);
    expect(await publicClient.verifyTypedData({ address: account.address, ...typedData, signature: typed })).toBe(true);
    expect(await publicClient.verifyTypedData({ address: second.address, ...typedData, signature: typed })).toBe(false);
  });
});
