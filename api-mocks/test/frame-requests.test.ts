import fc from 'fast-check';
import { formatUnits, getAddress, hashTypedData, maxUint256, parseTransaction, encodeFunctionData, parseAbi, toHex, verifyMessage, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { describeApproval, type ApprovalFacts } from '../src/embedded/frame/approval.js';
import { parseSigningRequest, RequestError, typedDataToSign, type ParsedCall, type ParsedRequest } from '../src/embedded/frame/requests.js';
import { readTree } from './typed-tree.js';

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
  return signCall(request.transaction);
}

/** The signed transaction of one parsed call (the frame signs each call of a batch on its own, from the parsed call). */
async function signCall({ to, value, data: input }: ParsedCall) {
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

  it('shows every call of an accepted wallet_sendCalls batch, and the total, with the values that are then signed', async () => {
    const call = fc.record({ to: writtenAddress, value: fc.option(quantity(maxUint256 / 32n), { nil: undefined }), data: fc.option(data, { nil: undefined }) }, { requiredKeys: ['to'] });
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 5 }), fc.boolean(), async (calls, atomicRequired) => {
        const request = parseSigningRequest('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: account.address, atomicRequired, calls }], context);
        if (request.method !== 'wallet_sendCalls') throw new Error('parsed as another method');
        const view = describeApproval(request, facts);
        expect(view.calls).toHaveLength(calls.length);
        let total = 0n;
        for (const [index, sent] of calls.entries()) {
          const signed = await signCall(request.calls[index]);
          const shown = view.calls[index];
          expect(valueRow(shown.rows)).toBe(`${formatUnits(signed.value ?? 0n, 18)} tBNB`);
          expect(toRow(shown.rows)).toBe(getAddress(signed.to!));
          expect(shown.data).toBe(signed.data ?? '0x');
          // And what is signed is what the dapp asked for.
          expect(signed.value ?? 0n).toBe(BigInt(sent.value ?? 0));
          expect(getAddress(signed.to!)).toBe(getAddress(sent.to));
          expect(signed.data ?? '0x').toBe((sent.data ?? '0x').toLowerCase());
          total += signed.value ?? 0n;
        }
        expect(view.rows.find(([term]) => term === 'Total value')?.[1]).toBe(`${formatUnits(total, 18)} tBNB`);
      }),
      { numRuns: 40 },
    );
  });

  it('shows a personal_sign message as exactly the bytes that are then signed (text, or hex when not text)', async () => {
    const message = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !/^0x([0-9a-f]{2})*$/i.test(text)),
      fc.uint8Array({ maxLength: 40 }).map((bytes) => toHex(bytes)),
      // Text written as hex, with a byte-order mark or invisible characters in front.
      fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => toHex(new TextEncoder().encode(`\uFEFF${text}`))),
      fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => toHex(new TextEncoder().encode(`\u200B${text}`))),
      // Text with a right-to-left override or a zero-width space inside.
      fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u202E', '\u200B', '\uFEFF', '\u0007'), fc.string({ maxLength: 10 })).map(([a, mark, b]) => `${a}${mark}${b}`).filter((text) => !/^0x/i.test(text)),
    );
    await fc.assert(
      fc.asyncProperty(message, async (sent) => {
        const request = parseSigningRequest('personal_sign', [sent, account.address], context);
        if (request.method !== 'personal_sign') throw new Error('parsed as another method');
        const view = describeApproval(request, facts);
        expect(view.title).toBe('Sign message');
        // As the frame signs it: the raw bytes when the dapp sent hex, else the text.
        const signature = await account.signMessage({ message: request.message.raw ? { raw: request.message.raw } : request.message.text });
        const shownBytes = request.message.raw && view.message === request.message.raw ? request.message.raw : toHex(new TextEncoder().encode(view.message!));
        // Nothing invisible is shown as text: such a message is shown as the hex of its bytes.
        if (view.message !== request.message.raw) expect(view.message).not.toMatch(/[\p{Cf}]|[^\P{Cc}\t\n\r]/u);
        expect(await verifyMessage({ address: account.address, message: { raw: shownBytes }, signature })).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('shows the typed data domain and message as trees holding exactly the values that are then signed', async () => {
    const person = fc.record({ name: fc.string({ maxLength: 12 }), wallet: hexAddress });
    const typed = fc.record({
      domain: fc.record({ name: fc.string({ maxLength: 12 }), version: fc.constantFrom('1', '2'), chainId: fc.constantFrom(31337, '0x7a69', '31337'), verifyingContract: hexAddress }),
      message: fc.record({
        from: person,
        to: fc.array(person, { maxLength: 3 }),
        contents: fc.string({ maxLength: 30 }),
        amount: fc.bigInt({ min: 0n, max: maxUint256 }).map(String),
        paid: fc.boolean(),
      }),
    });
    const types = {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Person: [
        { name: 'name', type: 'string' },
        { name: 'wallet', type: 'address' },
      ],
      Mail: [
        { name: 'from', type: 'Person' },
        { name: 'to', type: 'Person[]' },
        { name: 'contents', type: 'string' },
        { name: 'amount', type: 'uint256' },
        { name: 'paid', type: 'bool' },
      ],
    };
    await fc.assert(
      fc.asyncProperty(typed, async ({ domain, message }) => {
        const data = { types, primaryType: 'Mail', domain, message };
        const request = parseSigningRequest('eth_signTypedData_v4', [account.address, JSON.stringify(data)], context);
        if (request.method !== 'eth_signTypedData_v4') throw new Error('parsed as another method');
        const view = describeApproval(request, facts);
        expect(view.title).toBe('Sign message');
        const signed = typedDataToSign(request.typedData);
        // Each tree, read back from the text it shows, hashes as the signed domain and message.
        const shown = { ...signed, domain: readTree(view.domain!), message: readTree(view.typedMessage!) } as Parameters<typeof hashTypedData>[0];
        expect(hashTypedData(shown)).toBe(hashTypedData(signed));
        // And what is signed is what the dapp asked for.
        expect(hashTypedData(signed)).toBe(hashTypedData({ ...data, domain: { ...domain, chainId: 31337 } } as Parameters<typeof hashTypedData>[0]));
        const signature = await account.signTypedData(signed);
        expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
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

  it('names ERC-721 transfers and approvals with the collection symbol and the token id', () => {
    const collection = getAddress('0x00000000000000000000000000000000000000dd');
    const owner = account.address;
    const friend = getAddress('0x00000000000000000000000000000000000000ee');
    const erc721 = parseAbi([
      'function transferFrom(address, address, uint256)',
      'function safeTransferFrom(address, address, uint256)',
      'function safeTransferFrom(address, address, uint256, bytes)',
      'function approve(address, uint256)',
      'function setApprovalForAll(address, bool)',
    ]);
    const nft: ApprovalFacts = { ...facts, names: { [friend]: 'friend.minibot' }, tokens: { [collection]: { standard: 'erc721', symbol: 'MBOT' } } };
    const show = (input: Hex, known = nft) => describeApproval(parseSigningRequest('eth_sendTransaction', [{ to: collection, data: input }], context), known).calls[0];
    const recipient = `friend.minibot (${friend})`;
    const expected = { heading: 'Transfer MBOT #7', rows: [['To', collection], ['Value', '0 tBNB'], ['From', owner], ['Recipient', recipient], ['Token ID', '7']] };
    expect(show(encodeFunctionData({ abi: erc721, functionName: 'transferFrom', args: [owner, friend, 7n] }))).toMatchObject(expected);
    expect(show(encodeFunctionData({ abi: erc721, functionName: 'safeTransferFrom', args: [owner, friend, 7n] }))).toMatchObject(expected);
    expect(show(encodeFunctionData({ abi: erc721, functionName: 'safeTransferFrom', args: [owner, friend, 7n, '0x1234'] }))).toMatchObject(expected);
    expect(show(encodeFunctionData({ abi: erc721, functionName: 'approve', args: [friend, 9n] }))).toMatchObject({
      heading: `Allow ${recipient} to take MBOT #9`,
      rows: [['To', collection], ['Value', '0 tBNB'], ['Spender', recipient], ['Token ID', '9']],
    });
    expect(show(encodeFunctionData({ abi: erc721, functionName: 'setApprovalForAll', args: [friend, true] })).heading).toBe(`Allow ${recipient} to take all your MBOT`);
    // The same transferFrom on an ERC-20 contract is an amount, not a token id.
    const erc20: ApprovalFacts = { ...nft, tokens: { [collection]: { standard: 'erc20', symbol: 'USDT', decimals: 6 } } };
    expect(show(encodeFunctionData({ abi: erc721, functionName: 'transferFrom', args: [owner, friend, 2_500_000n] }), erc20).heading).toBe('Transfer 2.5 USDT');
  });

  it('shows typed data as a tree of its domain and message, nested structs and arrays included', () => {
    const verifyingContract = getAddress('0x00000000000000000000000000000000000000ff');
    const typed = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person[]' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract },
      message: { from: { name: 'Cow', wallet: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826' }, to: [{ name: 'Bob', wallet: '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' }], contents: 'Hello, Bob!' },
    };
    const view = describeApproval(parseSigningRequest('eth_signTypedData_v4', [account.address, JSON.stringify(typed)], context), facts);
    expect(view).toMatchObject({ kind: 'message', title: 'Sign message', warnings: ['The wallet cannot summarise this message. Check every field below.'], rows: [['From', account.address], ['Type', 'Mail']] });
    expect(view.domain).toEqual([
      { label: 'name', type: 'string', value: 'Ether Mail' },
      { label: 'version', type: 'string', value: '1' },
      { label: 'chainId', type: 'uint256', value: '31337' },
      { label: 'verifyingContract', type: 'address', value: `Unknown contract (${verifyingContract})` },
    ]);
    // Addresses checksummed, arrays with their length.
    expect(view.typedMessage).toEqual([
      { label: 'from', type: 'Person', children: [{ label: 'name', type: 'string', value: 'Cow' }, { label: 'wallet', type: 'address', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }] },
      {
        label: 'to (1 item)',
        type: 'Person[]',
        children: [{ label: 'to[0]', type: 'Person', children: [{ label: 'name', type: 'string', value: 'Bob' }, { label: 'wallet', type: 'address', value: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }] }],
      },
      { label: 'contents', type: 'string', value: 'Hello, Bob!' },
    ]);
  });
});
