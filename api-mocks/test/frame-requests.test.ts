import fc from 'fast-check';
import { formatUnits, getAddress, maxUint256, parseTransaction, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { describeApproval, type ApprovalFacts } from '../src/embedded/frame/approval.js';
import { parseSigningRequest, RequestError, type ParsedRequest } from '../src/embedded/frame/requests.js';

// The frame's request parser and approval (api-mocks/src/embedded/frame): what is refused never reaches a key, and
// what is accepted is shown with the values that are then signed.
const account = privateKeyToAccount(generatePrivateKey());
const context = { chainId: 31337, account: account.address };
const facts: ApprovalFacts = { native: { symbol: 'tBNB', decimals: 18 }, names: {}, tokens: {}, feeWei: 21_000n * 10n ** 9n };

const hexAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}` as Address);
/** An address as a dapp may write it: lower case, or checksummed. */
const writtenAddress = hexAddress.chain((address) => fc.constantFrom(address, getAddress(address)));
const quantity = (max = maxUint256) => fc.bigInt({ min: 0n, max }).map((n) => `0x${n.toString(16)}`);
const data = fc.uint8Array({ maxLength: 64 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}` as Hex);

/** What would be signed for a parsed transaction: viem's serialisation of exactly the parsed fields. */
async function signParsed(request: Extract<ParsedRequest, { transaction: unknown }>) {
  const { to, value, data: input } = request.transaction;
  return parseTransaction(await account.signTransaction({ chainId: context.chainId, type: 'legacy', to, value, data: input, gas: 100_000n, gasPrice: 1n, nonce: 0 }));
}

const valueRow = (rows: [string, string][]) => rows.find(([term]) => term === 'Value')?.[1];
const toRow = (rows: [string, string][]) => rows.find(([term]) => term === 'To')?.[1];

describe('the frame request parser', () => {
  it('shows every accepted transaction with the value, recipient and data that are then signed', async () => {
    await fc.assert(
      fc.asyncProperty(writtenAddress, quantity(), data, async (to, value, input) => {
        const request = parseSigningRequest('eth_sendTransaction', [{ from: account.address.toLowerCase(), to, value, data: input }], context);
        if (request.method !== 'eth_sendTransaction') throw new Error('parsed as another method');
        const view = describeApproval(request, facts);
        const signed = await signParsed(request);
        expect(valueRow(view.calls[0].rows)).toBe(`${formatUnits(signed.value ?? 0n, 18)} tBNB`);
        expect(toRow(view.calls[0].rows)).toBe(getAddress(signed.to!));
        expect(view.calls[0].data).toBe(signed.data ?? '0x');
        expect(signed.value ?? 0n).toBe(BigInt(value));
        expect(getAddress(signed.to!)).toBe(getAddress(to));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a value that is not an EIP-1474 hex quantity below 2^256, and signs nothing', () => {
    const malformed = fc.oneof(
      fc.bigInt({ min: 1n, max: maxUint256 }).map((n) => n.toString()), // decimal string
      fc.integer({ min: 0 }), // a number
      fc.bigInt({ min: 1n, max: maxUint256 }).map((n) => `-0x${n.toString(16)}`), // negative
      fc.bigInt({ min: maxUint256 + 1n, max: maxUint256 * 16n }).map((n) => `0x${n.toString(16)}`), // above 2^256 - 1
      fc.bigInt({ min: 0n, max: maxUint256 >> 8n }).map((n) => `0x0${n.toString(16)}`), // leading zero
      fc.constantFrom('0x', '', ' 0x1', '0x1 ', '0xg', '1e18', null, true, {}, []),
    );
    fc.assert(
      fc.property(writtenAddress, malformed, (to, value) => {
        expect(() => parseSigningRequest('eth_sendTransaction', [{ to, value }], context)).toThrow(RequestError);
        expect(() => parseSigningRequest('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to, data: '0x', value }] }], context)).toThrow(RequestError);
      }),
    );
  });

  it('answers any random request with a parsed request or a RequestError, never another failure', () => {
    const methods = fc.constantFrom('personal_sign', 'eth_signTypedData_v4', 'eth_signTypedData', 'eth_sendTransaction', 'eth_signTransaction', 'wallet_sendCalls', 'eth_sign');
    const fields = fc.dictionary(fc.constantFrom('to', 'from', 'value', 'data', 'gas', 'chainId', 'calls', 'nonce', 'input', 'extra', 'types', 'domain', 'message', 'primaryType'), fc.anything());
    fc.assert(
      fc.property(methods, fc.oneof(fc.anything(), fc.array(fc.oneof(fields, fc.anything()), { maxLength: 3 })), (method, params) => {
        try {
          parseSigningRequest(method, params, context);
        } catch (error) {
          expect(error).toBeInstanceOf(RequestError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses another chain, another sender, an unknown field and a mis-checksummed address', () => {
    const to = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(() => parseSigningRequest('eth_sendTransaction', [{ to, chainId: '0x38' }], context)).toThrow('The request is for chain 56; the wallet is on chain 31337');
    expect(() => parseSigningRequest('eth_sendTransaction', [{ to, from: '0x0000000000000000000000000000000000000001' }], context)).toThrow(/not from this wallet's account/);
    expect(() => parseSigningRequest('eth_sendTransaction', [{ to, value: '0x1', valueInEther: '1' }], context)).toThrow('The transaction has a field the wallet does not know: valueInEther');
    expect(() => parseSigningRequest('eth_sendTransaction', [{ to: '0x52908400098527886E0F7030069857D2E4169Ee7' }], context)).toThrow(/checksummed/);
    expect(() => parseSigningRequest('eth_sendTransaction', [{ to, value: '500000000000000000' }], context)).toThrow('"value" must be a hex quantity such as 0x1 (a decimal or negative value is refused)');
    const typed = { domain: { chainId: 1 }, types: { Mail: [{ name: 'text', type: 'string' }] }, primaryType: 'Mail', message: { text: 'hi' } };
    expect(() => parseSigningRequest('eth_signTypedData_v4', [account.address, JSON.stringify(typed)], context)).toThrow('The typed data is for chain 1; the wallet is on chain 31337');
  });

  it('names the call: an unlimited ERC-20 approval, a transfer in the token decimals, the presale mint', () => {
    const token = getAddress('0x00000000000000000000000000000000000000aa');
    const presale = getAddress('0x00000000000000000000000000000000000000bb');
    const spender = getAddress('0x00000000000000000000000000000000000000cc');
    const erc20 = parseAbi(['function approve(address, uint256)', 'function transfer(address, uint256)', 'function mint(uint256)']);
    const withToken: ApprovalFacts = { ...facts, presale, names: { [spender]: 'router.minibot' }, tokens: { [token]: { standard: 'erc20', symbol: 'USDT', decimals: 6 } } };
    const show = (to: Address, input: Hex, value = '0x0') => describeApproval(parseSigningRequest('eth_sendTransaction', [{ to, data: input, value }], context), withToken).calls[0];
    const unlimited = show(token, encodeFunctionData({ abi: erc20, functionName: 'approve', args: [spender, maxUint256] }));
    expect(unlimited.heading).toBe(`Unlimited approval: router.minibot (${spender}) may spend all your USDT`);
    expect(show(token, encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [spender, 1_500_000n] })).heading).toBe('Transfer 1.5 USDT');
    const mint = show(presale, encodeFunctionData({ abi: erc20, functionName: 'mint', args: [2n] }), '0x1bc16d674ec80000');
    expect(mint.heading).toBe('Mint 2 Minibot M1');
    expect(valueRow(mint.rows)).toBe('2 tBNB');
  });
});
