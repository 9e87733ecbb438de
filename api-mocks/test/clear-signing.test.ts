import fc from 'fast-check';
import { encodeFunctionData, getAddress, hashTypedData, maxUint256, parseAbi, toHex, verifyTypedData, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { addressesOf, describeApproval, type ApprovalFacts } from '../src/embedded/frame/approval.js';
import { parseSigningRequest, RequestError, typedDataToSign } from '../src/embedded/frame/requests.js';
import { readTree } from './typed-tree.js';

// Clear signing in the wallet frame: typed data is shown exactly as it is hashed or refused, permits are shown as
// token approvals, a sign-in for another site is refused, and calls wrapped in other calls are named.
const account = privateKeyToAccount(generatePrivateKey());
const origin = 'http://127.0.0.1:5173';
const context = { chainId: 31337, account: account.address, origin };
const token = getAddress('0x00000000000000000000000000000000000000aa');
const spender = getAddress('0x00000000000000000000000000000000000000cc');
const smartAccount = getAddress('0x00000000000000000000000000000000000000dd');
const facts: ApprovalFacts = {
  native: { symbol: 'tBNB', decimals: 18 },
  names: { [spender]: 'router.minibot' },
  tokens: { [token]: { standard: 'erc20', symbol: 'USDT', decimals: 6, name: 'Tether USD' } },
  locale: 'en-GB',
  timeZone: 'UTC',
  accounts: { eoa: account.address, smartAccount },
};
const namedSpender = `router.minibot (${spender})`;
const UNSUMMARISED = 'The wallet cannot summarise this message. Check every field below.';

const signTyped = (typed: unknown) => parseSigningRequest('eth_signTypedData_v4', [account.address, typeof typed === 'string' ? typed : JSON.stringify(typed)], context);
const showTyped = (typed: unknown, known = facts) => describeApproval(signTyped(typed), known);
const typedOf = (request: ReturnType<typeof parseSigningRequest>) => {
  if (request.method !== 'eth_signTypedData_v4') throw new Error('parsed as another method');
  return request.typedData;
};

// ---- typed data: random type definitions and values -------------------------------------------------------------
type Written = { written: unknown; truth: unknown };
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cn}]|[^\P{Cc}\t\n\r]/u;
const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as Hex;
const sizes = fc.integer({ min: 1, max: 32 }).map((n) => n * 8);

/** An atomic type and a value of it as a dapp may write it (number, decimal or hex string; any address case), with the value viem hashes. */
const atomic: fc.Arbitrary<{ type: string; value: fc.Arbitrary<Written> }> = fc.oneof(
  fc.constant({ type: 'string', value: fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !INVISIBLE.test(s)).map((s) => ({ written: s, truth: s })) }),
  fc.constant({ type: 'bool', value: fc.boolean().map((b) => ({ written: b, truth: b })) }),
  fc.constant({
    type: 'address',
    value: fc.uint8Array({ minLength: 20, maxLength: 20 }).chain((bytes) => fc.constantFrom(hexOf(bytes), getAddress(hexOf(bytes))).map((a) => ({ written: a, truth: getAddress(a) }))),
  }),
  fc.constant({ type: 'bytes', value: fc.uint8Array({ maxLength: 40 }).map((b) => ({ written: hexOf(b), truth: hexOf(b) })) }),
  fc.integer({ min: 1, max: 32 }).map((n) => ({ type: `bytes${n}`, value: fc.uint8Array({ minLength: n, maxLength: n }).map((b) => ({ written: hexOf(b).toUpperCase().replace('0X', '0x'), truth: hexOf(b) })) })),
  sizes.map((bits) => ({
    type: `uint${bits}`,
    value: fc.bigInt({ min: 0n, max: 2n ** BigInt(bits) - 1n }).chain((n) => fc.constantFrom<unknown>(n.toString(), `0x${n.toString(16)}`, ...(Number.isSafeInteger(Number(n)) ? [Number(n)] : [])).map((written) => ({ written, truth: n }))),
  })),
  sizes.map((bits) => ({
    type: `int${bits}`,
    value: fc.bigInt({ min: -(2n ** BigInt(bits - 1)), max: 2n ** BigInt(bits - 1) - 1n }).chain((n) => fc.constantFrom<unknown>(n.toString(), ...(Number.isSafeInteger(Number(n)) ? [Number(n)] : [])).map((written) => ({ written, truth: n }))),
  })),
);

const fieldName = fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,6}$/);

/** Random typed data: an Inner struct of atomic fields, and a Main struct of atomic fields, an Inner, arrays of both. */
const randomTypedData = fc
  .record({
    inner: fc.uniqueArray(fc.tuple(fieldName, atomic), { minLength: 1, maxLength: 4, selector: ([name]) => name }),
    main: fc.uniqueArray(fc.tuple(fieldName, fc.oneof(atomic, fc.constantFrom('Inner', 'Inner[]', 'Inner[2]').map((type) => ({ type, value: undefined })), atomic.map((a) => ({ type: `${a.type}[]`, value: fc.array(a.value, { maxLength: 3 }) })))), {
      minLength: 1,
      maxLength: 6,
      selector: ([name]) => name,
    }),
    domain: fc.subarray(['name', 'version', 'chainId', 'verifyingContract', 'salt'] as const),
    declareDomain: fc.boolean(),
  })
  .chain(({ inner, main, domain, declareDomain }) => {
    const innerValue = fc.tuple(...inner.map(([, a]) => a.value)).map((values) => ({
      written: Object.fromEntries(inner.map(([name], i) => [name, values[i].written])),
      truth: Object.fromEntries(inner.map(([name], i) => [name, values[i].truth])),
    }));
    const valueOf = (type: string, value: fc.Arbitrary<Written> | fc.Arbitrary<Written[]> | undefined): fc.Arbitrary<Written> => {
      if (type === 'Inner') return innerValue;
      if (type === 'Inner[]' || type === 'Inner[2]') return fc.array(innerValue, type === 'Inner[2]' ? { minLength: 2, maxLength: 2 } : { maxLength: 3 }).map((items) => ({ written: items.map((i) => i.written), truth: items.map((i) => i.truth) }));
      if (type.endsWith('[]')) return (value as fc.Arbitrary<Written[]>).map((items) => ({ written: items.map((i) => i.written), truth: items.map((i) => i.truth) }));
      return value as fc.Arbitrary<Written>;
    };
    const mainValue = fc.tuple(...main.map(([, a]) => valueOf(a.type, a.value)));
    const domainValues: Record<string, { written: unknown; truth: unknown }> = {
      name: { written: 'Random', truth: 'Random' },
      version: { written: '2', truth: '2' },
      chainId: { written: '0x7a69', truth: 31337n },
      verifyingContract: { written: '0x00000000000000000000000000000000000000aa', truth: token },
      salt: { written: `0x${'ab'.repeat(32)}`, truth: `0x${'ab'.repeat(32)}` },
    };
    const domainFields = domain.map((name) => ({ name, type: { name: 'string', version: 'string', chainId: 'uint256', verifyingContract: 'address', salt: 'bytes32' }[name] }));
    const types = { Inner: inner.map(([name, a]) => ({ name, type: a.type })), Main: main.map(([name, a]) => ({ name, type: a.type })) };
    return mainValue.map((values) => ({
      written: {
        types: declareDomain ? { EIP712Domain: domainFields, ...types } : types,
        primaryType: 'Main',
        domain: Object.fromEntries(domain.map((name) => [name, domainValues[name].written])),
        message: Object.fromEntries(main.map(([name], i) => [name, values[i].written])),
      },
      truth: {
        types: { EIP712Domain: domainFields, ...types },
        primaryType: 'Main',
        domain: Object.fromEntries(domain.map((name) => [name, domainValues[name].truth])),
        message: Object.fromEntries(main.map(([name], i) => [name, values[i].truth])),
      },
    }));
  });

describe('typed data', () => {
  it('shows every random typed data so that what the tree shows, read back, hashes as what is signed and as what was sent', () => {
    fc.assert(
      fc.property(randomTypedData, ({ written, truth }) => {
        const typedData = typedOf(signTyped(written));
        const signed = typedDataToSign(typedData);
        const view = describeApproval(signTyped(written), facts);
        const shown = { ...signed, domain: readTree(view.domain!), message: readTree(view.typedMessage!) } as Parameters<typeof hashTypedData>[0];
        expect(hashTypedData(shown)).toBe(hashTypedData(signed));
        expect(hashTypedData(signed)).toBe(hashTypedData(truth as Parameters<typeof hashTypedData>[0]));
        // Every domain field is on view, in the order it is hashed.
        expect(view.domain!.map((node) => node.label)).toEqual(truth.types.EIP712Domain.map((f) => f.name));
        expect(view.warnings).toEqual([UNSUMMARISED]);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses random typed data with an extra field, a missing field, a number for a text, a wrong value or a domain that is not declared', () => {
    const mutation = fc.constantFrom('extra', 'missing', 'numberForString', 'wrongValue', 'domainExtra', 'domainMissing', 'chain');
    fc.assert(
      fc.property(randomTypedData, mutation, fc.nat(), ({ written }, kind, pick) => {
        const data = structuredClone(written) as { types: Record<string, { name: string; type: string }[]>; domain: Record<string, unknown>; message: Record<string, unknown> };
        const fields = data.types.Main;
        const field = fields[pick % fields.length];
        switch (kind) {
          case 'extra':
            data.message[`${field.name}X`] = data.message[field.name];
            break;
          case 'missing':
            delete data.message[field.name];
            break;
          case 'numberForString': {
            const text = fields.find((f) => f.type === 'string');
            if (!text) return;
            data.message[text.name] = 12;
            break;
          }
          case 'wrongValue':
            data.message[field.name] = field.type === 'bool' ? 'true' : field.type === 'string' ? false : 'hello';
            break;
          case 'domainExtra': {
            if (!data.types.EIP712Domain) return;
            const absent = ['name', 'version', 'salt'].find((name) => !(name in data.domain));
            if (!absent) return;
            data.domain[absent] = absent === 'salt' ? `0x${'00'.repeat(32)}` : 'x';
            break;
          }
          case 'domainMissing': {
            const declared = data.types.EIP712Domain?.[0];
            if (!declared) return;
            delete data.domain[declared.name];
            break;
          }
          case 'chain':
            data.domain.chainId = 56;
            if (data.types.EIP712Domain && !data.types.EIP712Domain.some((f) => f.name === 'chainId')) data.types.EIP712Domain.push({ name: 'chainId', type: 'uint256' });
            break;
        }
        expect(() => signTyped(data)).toThrow(RequestError);
      }),
      { numRuns: 300 },
    );
  });

  const mail = {
    types: {
      EIP712Domain: [{ name: 'version', type: 'string' }],
      Mail: [
        { name: 'contents', type: 'string' },
        { name: 'amount', type: 'uint8' },
      ],
    },
    primaryType: 'Mail',
    domain: { version: '1' },
    message: { contents: 'Hello', amount: 7 },
  };

  it('refuses a domain object with fields its declared EIP712Domain lacks (the fields a signature would bind unseen)', () => {
    expect(() => signTyped({ ...mail, domain: { version: '1', name: 'Permit2', chainId: 31337, verifyingContract: token } })).toThrow(
      'The typed data domain has a field its EIP712Domain does not declare: name',
    );
    expect(() => signTyped({ ...mail, types: { ...mail.types, EIP712Domain: [{ name: 'version', type: 'string' }, { name: 'name', type: 'string' }] } })).toThrow(
      "The typed data's domain lacks the field name",
    );
    expect(() => signTyped({ ...mail, types: { ...mail.types, EIP712Domain: [{ name: 'chainId', type: 'string' }] }, domain: { chainId: '31337' } })).toThrow(
      "The typed data's EIP712Domain field chainId must be of type uint256",
    );
    expect(() => signTyped({ ...mail, types: { ...mail.types, EIP712Domain: [{ name: 'owner', type: 'address' }] }, domain: { owner: token } })).toThrow(
      "The typed data's EIP712Domain has a field the wallet does not know: owner",
    );
    expect(() => signTyped({ ...mail, types: { ...mail.types, EIP712Domain: [{ name: 'chainId', type: 'uint256' }] }, domain: { chainId: 1 } })).toThrow(
      'The typed data is for chain 1; the wallet is on chain 31337',
    );
  });

  it('signs with the declared domain type: a declared domain of one field hashes as that one field', () => {
    const typedData = typedOf(signTyped(mail));
    expect(hashTypedData(typedDataToSign(typedData))).toBe(hashTypedData(mail as Parameters<typeof hashTypedData>[0]));
    expect(showTyped(mail).domain).toEqual([{ label: 'version', type: 'string', value: '1' }]);
  });

  it('derives an undeclared EIP712Domain from the domain object and shows every field, the contract named from the chain', () => {
    const { EIP712Domain: _declared, ...types } = mail.types;
    const domain = { verifyingContract: token.toLowerCase(), chainId: '31337', name: 'Mail', salt: `0x${'01'.repeat(32)}` };
    const view = showTyped({ ...mail, types, domain });
    expect(view.domain).toEqual([
      { label: 'name', type: 'string', value: 'Mail' },
      { label: 'chainId', type: 'uint256', value: '31337' },
      { label: 'verifyingContract', type: 'address', value: `Tether USD, USDT (${token})` },
      { label: 'salt', type: 'bytes32', value: `0x${'01'.repeat(32)}` },
    ]);
    const signed = typedDataToSign(typedOf(signTyped({ ...mail, types, domain })));
    expect(hashTypedData(signed)).toBe(hashTypedData({ ...mail, types, domain: { ...domain, chainId: 31337n, verifyingContract: token } } as Parameters<typeof hashTypedData>[0]));
    expect(() => signTyped({ ...mail, types, domain: { version: '1', owner: token } })).toThrow('The typed data domain has a field the wallet does not know: owner');
  });

  it('refuses each value that is not of its declared type, in one sentence', () => {
    const one = (type: string, value: unknown) => () => signTyped({ types: { M: [{ name: 'v', type }] }, primaryType: 'M', domain: {}, message: { v: value } });
    expect(one('string', 42)).toThrow("The typed data's message.v must be text");
    expect(one('string', 'a\u202Eb')).toThrow("The typed data's message.v has characters that cannot be shown");
    expect(one('uint8', 256)).toThrow("The typed data's message.v is out of range for uint8");
    expect(one('uint256', -1)).toThrow("The typed data's message.v is out of range for uint256");
    expect(one('int8', '-129')).toThrow("The typed data's message.v is out of range for int8");
    expect(one('uint256', 1.5)).toThrow("The typed data's message.v must be an integer (uint256)");
    expect(one('uint256', 1e21)).toThrow("The typed data's message.v must be an integer (uint256)");
    expect(one('uint256', '1e3')).toThrow("The typed data's message.v must be an integer (uint256)");
    expect(one('bool', 'true')).toThrow("The typed data's message.v must be true or false");
    expect(one('bool', 1)).toThrow("The typed data's message.v must be true or false");
    expect(one('address', '0x52908400098527886E0F7030069857D2E4169Ee7')).toThrow("The typed data's message.v must be an address (checksummed if mixed-case)");
    expect(one('bytes4', '0x123456')).toThrow("The typed data's message.v must be exactly 4 bytes");
    expect(one('bytes', '0x123')).toThrow("The typed data's message.v must be hex bytes starting with 0x");
    expect(one('uint8[2]', [1])).toThrow("The typed data's message.v must have exactly 2 items");
    expect(one('uint8[]', 1)).toThrow("The typed data's message.v must be a list");
    expect(one('uint257', 1)).toThrow("The typed data's field M.v has an unknown type uint257");
    expect(one('uint', 1)).toThrow("The typed data's field M.v has an unknown type uint");
    expect(one('Missing', {})).toThrow("The typed data's field M.v has an unknown type Missing");
    expect(one('constructor', {})).toThrow("The typed data's field M.v has an unknown type constructor");
    expect(one('uint8[0]', [])).toThrow("The typed data's field M.v has an unsupported array size");
    // The domain type is not a message type, and no struct may take an atomic type's name.
    expect(one('EIP712Domain', {})).toThrow("The typed data's field M.v has an unknown type EIP712Domain");
    expect(() => signTyped({ types: { EIP712Domain: [], M: [] }, primaryType: 'EIP712Domain', domain: {}, message: {} })).toThrow('The typed data has no type EIP712Domain');
    expect(() => signTyped({ types: { address: [{ name: 'a', type: 'string' }], M: [] }, primaryType: 'M', domain: {}, message: {} })).toThrow("The typed data's type address is malformed");
    expect(() => signTyped({ types: { M: [{ name: 'a', type: 'string' }, { name: 'a', type: 'uint8' }] }, primaryType: 'M', domain: {}, message: { a: 'x' } })).toThrow(
      "The typed data's type M has a malformed or repeated field a",
    );
    // Nested structs hold exactly their declared fields.
    const nested = (value: unknown) => () => signTyped({ types: { M: [{ name: 'p', type: 'P' }], P: [{ name: 'a', type: 'string' }] }, primaryType: 'M', domain: {}, message: { p: value } });
    expect(nested({ a: 'x', b: 'y' })).toThrow("The typed data's message.p has a field its type P does not declare: b");
    expect(nested({})).toThrow("The typed data's message.p lacks the field a");
    expect(nested('x')).toThrow("The typed data's message.p must be a P");
  });

  it('shows integers in full, bytes as hex and arrays with their length, and accepts numbers, decimal and hex strings for integers', () => {
    const typed = {
      types: { M: [{ name: 'big', type: 'uint256' }, { name: 'neg', type: 'int256' }, { name: 'hex', type: 'uint64' }, { name: 'raw', type: 'bytes' }, { name: 'list', type: 'bool[]' }, { name: 'none', type: 'string[]' }] },
      primaryType: 'M',
      domain: {},
      message: { big: maxUint256.toString(), neg: '-5', hex: '0xff', raw: '0xABCD', list: [true, false], none: [] },
    };
    expect(showTyped(typed).typedMessage).toEqual([
      { label: 'big', type: 'uint256', value: maxUint256.toString() },
      { label: 'neg', type: 'int256', value: '-5' },
      { label: 'hex', type: 'uint64', value: '255' },
      { label: 'raw', type: 'bytes', value: '0xabcd' },
      { label: 'list (2 items)', type: 'bool[]', children: [{ label: 'list[0]', type: 'bool', value: 'true' }, { label: 'list[1]', type: 'bool', value: 'false' }] },
      { label: 'none (0 items)', type: 'string[]', children: [] },
    ]);
  });

  it('refuses typed data too deep or too large to show (a recursive type, a huge array)', () => {
    type Node = { next: Node[] };
    let chain: Node = { next: [] };
    for (let i = 0; i < 12; i++) chain = { next: [chain] };
    expect(() => signTyped({ types: { N: [{ name: 'next', type: 'N[]' }] }, primaryType: 'N', domain: {}, message: chain })).toThrow('The typed data is nested too deeply to show');
    const shallow = { next: [{ next: [] }] };
    expect(showTyped({ types: { N: [{ name: 'next', type: 'N[]' }] }, primaryType: 'N', domain: {}, message: shallow }).typedMessage).toHaveLength(1);
    const huge = { types: { M: [{ name: 'v', type: 'uint8[]' }] }, primaryType: 'M', domain: {}, message: { v: Array.from({ length: 5_000 }, () => 1) } };
    expect(() => parseSigningRequest('eth_signTypedData_v4', [account.address, huge], context)).toThrow('The typed data has too many values to show');
    expect(() => signTyped({ ...huge, message: { v: Array.from({ length: 40_000 }, () => 1) } })).toThrow('The typed data is too long');
    const long = { types: { M: [{ name: 'v', type: 'string' }] }, primaryType: 'M', domain: {}, message: { v: 'a'.repeat(70_000) } };
    expect(() => parseSigningRequest('eth_signTypedData_v4', [account.address, long], context)).toThrow("The typed data's message.v is too long");
  });

  it('keeps __proto__ and constructor as plain fields: declared, they are shown and hashed; undeclared, refused; nothing is polluted', () => {
    const json = '{"types":{"M":[{"name":"__proto__","type":"string"},{"name":"constructor","type":"uint8"}]},"primaryType":"M","domain":{},"message":{"__proto__":"polluted?","constructor":1}}';
    const view = describeApproval(signTyped(json), facts);
    expect(view.typedMessage).toEqual([
      { label: '__proto__', type: 'string', value: 'polluted?' },
      { label: 'constructor', type: 'uint8', value: '1' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const signed = typedDataToSign(typedOf(signTyped(json)));
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(hashTypedData(signed)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(() => signTyped('{"types":{"M":[{"name":"a","type":"string"}]},"primaryType":"M","domain":{},"message":{"a":"x","__proto__":{"isAdmin":true}}}')).toThrow(
      "The typed data's message has a field its type M does not declare: __proto__",
    );
    expect(() => signTyped('{"types":{"M":[{"name":"a","type":"string"}],"__proto__":[]},"primaryType":"M","domain":{},"message":{"a":"x"}}')).not.toThrow();
  });
});

// ---- permits ---------------------------------------------------------------------------------------------------
const DATE_2030 = 1_893_456_000n; // 1 Jan 2030 00:00 UTC
const domain = { name: 'Tether USD', version: '1', chainId: 31337, verifyingContract: token };
const eip2612 = (message: Record<string, unknown>) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain,
  message: { owner: account.address, spender, value: maxUint256.toString(), nonce: 0, deadline: maxUint256.toString(), ...message },
});
const permit2Domain = { name: 'Permit2', chainId: 31337, verifyingContract: getAddress('0x000000000022d473030f116ddee9f6b43ac78ba3') };
const PERMIT_DETAILS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
];
const TOKEN_PERMISSIONS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
];

describe('permits', () => {
  it('shows an unlimited EIP-2612 permit as an unlimited approval with the same warning as an unlimited approve, and signs it as shown', async () => {
    const typed = eip2612({});
    const request = signTyped(typed);
    const view = describeApproval(request, facts);
    expect(view.title).toBe('Approve spending of Unlimited USDT');
    expect(view.summary).toEqual([`Token: USDT (${token})`, `Spender: ${namedSpender}`, 'Amount: Unlimited', 'Expires: Never']);
    expect(view.warnings).toEqual([`Unlimited approval: ${namedSpender} may spend all your USDT`]);
    expect(view.typedMessage![2]).toEqual({ label: 'value', type: 'uint256', value: `${maxUint256} (Unlimited)` });
    // The same words as an unlimited approve call.
    const approve = describeApproval(parseSigningRequest('eth_sendTransaction', [{ to: token, data: encodeFunctionData({ abi: parseAbi(['function approve(address, uint256)']), functionName: 'approve', args: [spender, maxUint256] }) }], context), facts);
    expect(approve.warnings).toEqual(view.warnings);
    const signed = typedDataToSign(typedOf(request));
    const signature = await account.signTypedData(signed);
    expect(await verifyTypedData({ address: account.address, ...(typed as unknown as Parameters<typeof hashTypedData>[0]), signature })).toBe(true);
  });

  it('shows a limited permit in the token decimals with its expiry in the visitor locale, and an unknown token as such', () => {
    const view = showTyped(eip2612({ value: '1500000', deadline: DATE_2030.toString() }));
    expect(view).toMatchObject({ title: 'Approve spending of 1.5 USDT', summary: [`Token: USDT (${token})`, `Spender: ${namedSpender}`, 'Amount: 1.5 USDT', 'Expires: 1 Jan 2030, 00:00'], warnings: [] });
    expect(showTyped(eip2612({ value: '1500000', deadline: DATE_2030.toString() }), { ...facts, locale: 'en-US' }).summary[3]).toBe('Expires: Jan 1, 2030, 12:00 AM');
    // The tree shows the amount in full and, beside it, in the token's decimals; read back, it hashes as signed.
    const limited = eip2612({ value: '1500000', deadline: DATE_2030.toString() });
    const shown = showTyped(limited);
    expect(shown.typedMessage![2]).toEqual({ label: 'value', type: 'uint256', value: '1500000 (1.5 USDT)' });
    const signed = typedDataToSign(typedOf(signTyped(limited)));
    expect(hashTypedData({ ...signed, message: readTree(shown.typedMessage!) } as Parameters<typeof hashTypedData>[0])).toBe(hashTypedData(signed));
    // A deadline of 0 is a date long past (EIP-2612 checks `block.timestamp <= deadline`), not "Never".
    const unknown = showTyped(eip2612({ value: '7', deadline: '0' }), { ...facts, tokens: {} });
    expect(unknown).toMatchObject({ title: 'Approve spending of 7 (raw units)', summary: [`Token: Unknown token (${token})`, `Spender: ${namedSpender}`, 'Amount: 7 (raw units)', 'Expires: 1 Jan 1970, 00:00'] });
  });

  it('looks up the permit spender and token before the other addresses a message lists', () => {
    const crowd = Array.from({ length: 60 }, (_, i) => getAddress(`0x${(i + 1).toString(16).padStart(40, '0')}`));
    const typed = {
      types: { PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }], PermitDetails: PERMIT_DETAILS },
      primaryType: 'PermitSingle',
      domain: permit2Domain,
      message: { details: { token, amount: 1, expiration: 0, nonce: 0 }, spender, sigDeadline: 0 },
    };
    const crowded = { ...typed, types: { ...typed.types, Noise: [{ name: 'others', type: 'address[]' }] } };
    const found = addressesOf(signTyped(typed));
    expect(found.mentioned[0]).toBe(spender);
    expect(found.targets).toEqual([permit2Domain.verifyingContract, token]);
    // Unused types are not hashed, so not shown; a struct listing 60 addresses still leaves the spender named first.
    expect(addressesOf(signTyped(crowded)).mentioned[0]).toBe(spender);
    const many = { types: { M: [{ name: 'others', type: 'address[]' }] }, primaryType: 'M', domain: {}, message: { others: crowd } };
    expect(addressesOf(signTyped(many)).mentioned).toHaveLength(50);
  });

  it("refuses a permit for another owner's tokens", () => {
    const other = getAddress('0x00000000000000000000000000000000000000ee');
    expect(() => signTyped(eip2612({ owner: other }))).toThrow(`This permit is for the tokens of ${other}, not of this wallet's account`);
  });

  it("shows DAI's permit: allowed is unlimited, not allowed withdraws the approval", () => {
    const dai = (allowed: boolean, holder: Address = account.address) => ({
      types: {
        Permit: [
          { name: 'holder', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'expiry', type: 'uint256' },
          { name: 'allowed', type: 'bool' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'Dai Stablecoin', version: '1', chainId: 31337, verifyingContract: token },
      message: { holder, spender, nonce: 3, expiry: 0, allowed },
    });
    expect(showTyped(dai(true))).toMatchObject({
      title: 'Approve spending of Unlimited USDT',
      summary: [`Token: USDT (${token})`, `Spender: ${namedSpender}`, 'Amount: Unlimited', 'Expires: Never'],
      warnings: [`Unlimited approval: ${namedSpender} may spend all your USDT`],
    });
    expect(showTyped(dai(false))).toMatchObject({ title: 'Withdraw an approval of USDT', summary: [`Token: USDT (${token})`, `Spender: ${namedSpender}`, 'Amount: None (the approval is withdrawn)', 'Expires: Never'], warnings: [] });
    expect(() => signTyped(dai(true, spender))).toThrow(`This permit is for the tokens of ${spender}, not of this wallet's account`);
  });

  it('shows the Permit2 permits (single, batch, transfer, batch transfer) with the tokens they name', () => {
    const single = {
      types: { PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }], PermitDetails: PERMIT_DETAILS },
      primaryType: 'PermitSingle',
      domain: permit2Domain,
      message: { details: { token, amount: (2n ** 160n - 1n).toString(), expiration: DATE_2030.toString(), nonce: 0 }, spender, sigDeadline: DATE_2030.toString() },
    };
    expect(showTyped(single)).toMatchObject({
      title: 'Approve spending of Unlimited USDT',
      summary: [`Token: USDT (${token})`, `Spender: ${namedSpender}`, 'Amount: Unlimited', 'Expires: 1 Jan 2030, 00:00'],
      warnings: [`Unlimited approval: ${namedSpender} may spend all your USDT`],
    });
    const other = getAddress('0x00000000000000000000000000000000000000ab');
    const batch = {
      types: { PermitBatch: [{ name: 'details', type: 'PermitDetails[]' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }], PermitDetails: PERMIT_DETAILS },
      primaryType: 'PermitBatch',
      domain: permit2Domain,
      message: { details: [{ token, amount: '2000000', expiration: (2n ** 48n - 1n).toString(), nonce: 0 }, { token: other, amount: 5, expiration: 0, nonce: 1 }], spender, sigDeadline: DATE_2030.toString() },
    };
    expect(showTyped(batch).typedMessage![0].children!.map((item) => item.children![1].value)).toEqual(['2000000 (2 USDT)', '5']);
    expect(showTyped(batch)).toMatchObject({
      title: 'Approve spending of 2 tokens',
      summary: [`Spender: ${namedSpender}`, `USDT (${token}): 2 USDT, expires: Never`, `Unknown token (${other}): 5 (raw units), expires: End of the block it is used in`],
      warnings: [],
    });
    const transfer = {
      types: { PermitTransferFrom: [{ name: 'permitted', type: 'TokenPermissions' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }], TokenPermissions: TOKEN_PERMISSIONS },
      primaryType: 'PermitTransferFrom',
      domain: permit2Domain,
      message: { permitted: { token, amount: maxUint256.toString() }, spender, nonce: 1, deadline: DATE_2030.toString() },
    };
    expect(showTyped(transfer)).toMatchObject({ title: 'Approve spending of Unlimited USDT', summary: [`Token: USDT (${token})`, `Spender: ${namedSpender}`, 'Amount: Unlimited', 'Expires: 1 Jan 2030, 00:00'] });
    const batchTransfer = {
      types: { PermitBatchTransferFrom: [{ name: 'permitted', type: 'TokenPermissions[]' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }], TokenPermissions: TOKEN_PERMISSIONS },
      primaryType: 'PermitBatchTransferFrom',
      domain: permit2Domain,
      message: { permitted: [{ token, amount: '3000000' }], spender, nonce: 1, deadline: DATE_2030.toString() },
    };
    expect(showTyped(batchTransfer)).toMatchObject({ title: 'Approve spending of 3 USDT', summary: [`Token: USDT (${token})`, `Spender: ${namedSpender}`, 'Amount: 3 USDT', 'Expires: 1 Jan 2030, 00:00'] });
  });

  it("shows when each permit's grant ends: Permit2's expiration 0 ends with the block, never only where the contract never ends it", () => {
    const single = (expiration: bigint) => ({
      types: { PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }], PermitDetails: PERMIT_DETAILS },
      primaryType: 'PermitSingle',
      domain: permit2Domain,
      message: { details: { token, amount: '1000000', expiration: expiration.toString(), nonce: 0 }, spender, sigDeadline: DATE_2030.toString() },
    });
    const expires = (typed: object) => showTyped(typed).summary.at(-1);
    // Permit2 stores an expiration of 0 as block.timestamp: the allowance lasts only for the block it is used in.
    expect(expires(single(0n))).toBe('Expires: End of the block it is used in');
    expect(expires(single(2n ** 48n - 1n))).toBe('Expires: Never');
    expect(expires(single(2n ** 48n - 2n))).toBe('Expires: 281474976710654 (Unix time)');
    expect(expires(single(DATE_2030))).toBe('Expires: 1 Jan 2030, 00:00');
    // EIP-2612 and Permit2's signature transfers: a deadline, never only at max uint256.
    expect(expires(eip2612({ deadline: maxUint256.toString() }))).toBe('Expires: Never');
    expect(expires(eip2612({ deadline: (maxUint256 - 1n).toString() }))).toBe(`Expires: ${maxUint256 - 1n} (Unix time)`);
    expect(expires(eip2612({ deadline: '0' }))).toBe('Expires: 1 Jan 1970, 00:00');
    const transfer = (deadline: bigint) => ({
      types: { PermitTransferFrom: [{ name: 'permitted', type: 'TokenPermissions' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }], TokenPermissions: TOKEN_PERMISSIONS },
      primaryType: 'PermitTransferFrom',
      domain: permit2Domain,
      message: { permitted: { token, amount: '1' }, spender, nonce: 1, deadline: deadline.toString() },
    });
    expect(expires(transfer(0n))).toBe('Expires: 1 Jan 1970, 00:00');
    expect(expires(transfer(maxUint256))).toBe('Expires: Never');
    // DAI's permit checks `expiry == 0 || now <= expiry`: 0 never expires.
    const dai = (expiry: bigint) => ({
      types: { Permit: [{ name: 'holder', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'expiry', type: 'uint256' }, { name: 'allowed', type: 'bool' }] },
      primaryType: 'Permit',
      domain: { name: 'Dai Stablecoin', version: '1', chainId: 31337, verifyingContract: token },
      message: { holder: account.address, spender, nonce: 3, expiry: expiry.toString(), allowed: true },
    });
    expect(expires(dai(0n))).toBe('Expires: Never');
    expect(expires(dai(DATE_2030))).toBe('Expires: 1 Jan 2030, 00:00');
  });

  it('recognises a permit only in its exact standard shape: another order or an extra field is typed data the wallet cannot summarise', () => {
    const base = eip2612({});
    const reordered = { ...base, types: { ...base.types, Permit: [...base.types.Permit].reverse() } };
    expect(showTyped(reordered)).toMatchObject({ title: 'Sign message', summary: [], warnings: [UNSUMMARISED] });
    const extra = { ...base, types: { ...base.types, Permit: [...base.types.Permit, { name: 'memo', type: 'string' }] }, message: { ...base.message, memo: 'hi' } };
    expect(showTyped(extra)).toMatchObject({ title: 'Sign message', warnings: [UNSUMMARISED] });
  });
});

// ---- sign-in ---------------------------------------------------------------------------------------------------
const siwe = (overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({ domain: '127.0.0.1:5173', address: account.address, uri: `${origin}/login`, version: '1', chainId: 31337, nonce: 'abcdef123456', issuedAt: new Date('2026-01-01T00:00:00Z'), ...overrides });
const signIn = (message: string) => parseSigningRequest('personal_sign', [message, account.address], context);
const NEAR_MISS = 'This message looks like a sign-in but does not follow EIP-4361, so the wallet refuses it';

describe('sign-in messages', () => {
  it('shows a sign-in for the dapp itself as a sign-in, with account, chain and expiry', () => {
    const message = siwe({ statement: 'Sign in to Minibot.', expirationTime: new Date('2030-01-01T00:00:00Z'), resources: ['https://127.0.0.1/terms'] });
    const view = describeApproval(signIn(toHex(message)), facts);
    expect(view).toMatchObject({ title: 'Sign in to 127.0.0.1:5173', summary: [`Account: ${account.address}`, 'Network: chain 31337', 'Expires: 1 Jan 2030, 00:00'], warnings: [], message });
    expect(describeApproval(signIn(siwe()), facts).summary).toEqual([`Account: ${account.address}`, 'Network: chain 31337', 'Expires: Never']);
    expect(describeApproval(signIn(siwe({ scheme: 'http', requestId: 'r-1', notBefore: new Date('2026-01-01T00:00:00Z') })), facts).title).toBe('Sign in to 127.0.0.1:5173');
  });

  it('refuses a sign-in for another site, account or chain, and an expired one, in one sentence', () => {
    expect(() => signIn(siwe({ domain: 'evil.example' }))).toThrow('This sign-in is for another site (evil.example); the wallet signs in only to http://127.0.0.1:5173');
    expect(() => signIn(siwe({ uri: 'https://evil.example/login' }))).toThrow('This sign-in is for another site (evil.example); the wallet signs in only to http://127.0.0.1:5173');
    expect(() => signIn(siwe({ domain: '127.0.0.1:5174' }))).toThrow('This sign-in is for another site (127.0.0.1:5174); the wallet signs in only to http://127.0.0.1:5173');
    expect(() => signIn(siwe({ scheme: 'https' }))).toThrow('This sign-in is for another site (https://127.0.0.1:5173); the wallet signs in only to http://127.0.0.1:5173');
    // Hex bytes that decode to a sign-in for another site: refused like the text.
    expect(() => signIn(toHex(siwe({ domain: 'evil.example' })))).toThrow('This sign-in is for another site (evil.example); the wallet signs in only to http://127.0.0.1:5173');
    expect(() => signIn(siwe({ address: spender }))).toThrow(`This sign-in is for the account ${spender}, not for this wallet's account`);
    expect(() => signIn(siwe({ chainId: 1 }))).toThrow("This sign-in is for chain 1; the wallet is on chain 31337");
    expect(() => signIn(siwe({ expirationTime: new Date('2020-01-01T00:00:00Z') }))).toThrow('This sign-in has expired');
    expect(() => parseSigningRequest('personal_sign', [siwe(), account.address], { ...context, origin: undefined })).toThrow('The wallet cannot tell which site asks for this sign-in, so it refuses it');
  });

  it('refuses a message that starts like a sign-in but does not parse strictly (a near-miss cannot pass as plain text)', () => {
    const honest = siwe({ statement: 'Welcome' });
    const nearMisses = [
      `\n${honest}`,
      ` ${honest}`,
      honest.replace(account.address, account.address.toLowerCase()),
      honest.replace('Nonce: abcdef123456', 'Nonce: abc'),
      honest.replace('\nNonce: abcdef123456', ''),
      honest.replace('Version: 1', 'Version: 2'),
      honest.replace('Chain ID: 31337', 'Chain ID: 0x7a69'),
      honest.replaceAll('\n', '\r\n'),
      `${honest}\n`,
      `${honest}\nResources:`,
      honest.replace('Welcome', 'Welcome\u202E'),
      honest.replace('127.0.0.1:5173 wants', 'evil.example@127.0.0.1:5173 wants'),
      honest.replace('Ethereum account', 'Solana account'),
      `Please read: evil.example wants you to sign in with your Ethereum account`,
    ];
    for (const text of nearMisses) expect(() => signIn(text), JSON.stringify(text)).toThrow(NEAR_MISS);
    // A near-miss written as hex bytes is refused the same way.
    expect(() => signIn(toHex(nearMisses[0]))).toThrow(NEAR_MISS);
  });

  it('refuses a sign-in for any random domain other than the dapp host', () => {
    const host = fc.domain().filter((d) => d !== '127.0.0.1');
    fc.assert(
      fc.property(host, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), (name, port) => {
        const domain = port === undefined ? name : `${name}:${port}`;
        expect(() => signIn(siwe({ domain, uri: `http://${domain}/` }))).toThrow(`This sign-in is for another site (${domain}); the wallet signs in only to http://127.0.0.1:5173`);
      }),
      { numRuns: 100 },
    );
  });
});

// ---- calls inside calls ----------------------------------------------------------------------------------------
const abi = parseAbi([
  'function approve(address, uint256)',
  'function increaseAllowance(address, uint256)',
  'function transferFrom(address, address, uint256)',
  'function setApprovalForAll(address, bool)',
  'function transfer(address, uint256)',
  'function execute(address, uint256, bytes)',
  'function executeBatch(address[], uint256[], bytes[])',
  'function multicall(bytes[])',
  'function multicall(uint256, bytes[])',
]);
const approveAll = encodeFunctionData({ abi, functionName: 'approve', args: [spender, maxUint256] });
const send = (to: Address, data: Hex, value = '0x0') => describeApproval(parseSigningRequest('eth_sendTransaction', [{ to, data, value }], context), facts);
const SMART_ACCOUNT_WARNING = 'This request moves funds or tokens out of your smart account.';
const UNLIMITED = `Unlimited approval: ${namedSpender} may spend all your USDT`;

describe('calls inside calls', () => {
  const recipient = getAddress('0x00000000000000000000000000000000000000ef');

  it("names an execute on the visitor's own smart account as a move out of it, the inner call decoded", () => {
    const move = send(smartAccount, encodeFunctionData({ abi, functionName: 'execute', args: [recipient, 10n ** 18n, '0x'] }));
    expect(move.calls[0].heading).toBe(`Move 1 tBNB out of your smart account to ${recipient}`);
    expect(move.warnings).toEqual([SMART_ACCOUNT_WARNING]);
    // One call: its heading says it; the summary does not repeat the heading or a warning.
    expect(move.summary).toEqual([]);
    const tokens = send(smartAccount, encodeFunctionData({ abi, functionName: 'execute', args: [token, 0n, encodeFunctionData({ abi, functionName: 'transfer', args: [recipient, 2_000_000n] })] }));
    expect(tokens.calls[0].heading).toBe('From your smart account: Transfer 2 USDT');
    expect(tokens.calls[0].rows).toEqual([
      ['To', smartAccount],
      ['Value', '0 tBNB'],
      ['Smart account', smartAccount],
      ['Target', token],
      ['Amount', '0 tBNB'],
      ['Call', 'Transfer 2 USDT'],
      ['Recipient', recipient],
      ['Amount', '2 USDT'],
    ]);
    const approval = send(smartAccount, encodeFunctionData({ abi, functionName: 'execute', args: [token, 0n, approveAll] }));
    expect(approval.warnings).toEqual([SMART_ACCOUNT_WARNING, UNLIMITED]);
    // On any other contract, execute is a plain contract call.
    expect(send(recipient, encodeFunctionData({ abi, functionName: 'execute', args: [recipient, 10n ** 18n, '0x'] })).calls[0].heading).toBe('Contract call');
  });

  it("names an executeBatch on the visitor's own smart account call by call", () => {
    const data = encodeFunctionData({ abi, functionName: 'executeBatch', args: [[recipient, token], [5n * 10n ** 17n, 0n], ['0x', approveAll]] });
    const view = send(smartAccount, data);
    expect(view.calls[0].heading).toBe('Move 0.5 tBNB out of your smart account in 2 calls');
    expect(view.calls[0].rows.slice(2)).toEqual([
      ['Smart account', smartAccount],
      ['Call 1', `Move 0.5 tBNB out of your smart account to ${recipient}`],
      ['Call 2', `From your smart account: ${UNLIMITED}`],
    ]);
    expect(view.summary).toEqual([`Move 0.5 tBNB out of your smart account to ${recipient}`, `From your smart account: ${UNLIMITED}`]);
    expect(view.warnings).toEqual([SMART_ACCOUNT_WARNING, UNLIMITED]);
  });

  it('lists on top of a batch the number of calls, the total value and every approval it grants, multicalls included', () => {
    const nft = getAddress('0x00000000000000000000000000000000000000bc');
    const known: ApprovalFacts = { ...facts, tokens: { ...facts.tokens, [nft]: { standard: 'erc721', symbol: 'MBOT' } } };
    const calls = [
      { to: recipient, value: '0xde0b6b3a7640000' },
      { to: token, data: encodeFunctionData({ abi, functionName: 'multicall', args: [[encodeFunctionData({ abi, functionName: 'increaseAllowance', args: [spender, 1_000_000n] }), approveAll]] }) },
      { to: nft, data: encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [spender, true] }) },
      { to: token, data: encodeFunctionData({ abi, functionName: 'multicall', args: [DATE_2030, [encodeFunctionData({ abi, functionName: 'transferFrom', args: [account.address, recipient, 4_000_000n] })]] }) },
    ];
    const view = describeApproval(parseSigningRequest('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', calls }], context), known);
    expect(view.summary).toEqual([
      '4 calls',
      'Total value: 1 tBNB',
      `Approval: ${namedSpender} may spend 1 USDT more`,
      UNLIMITED,
      `Allow ${namedSpender} to take all your MBOT`,
      `Transfer 4 USDT from ${account.address} to ${recipient}`,
    ]);
    expect(view.warnings).toEqual([UNLIMITED, `Allow ${namedSpender} to take all your MBOT`]);
    expect(view.calls[1]).toMatchObject({ heading: 'Multicall of 2 calls', rows: [['To', token], ['Value', '0 tBNB'], ['Call 1', 'Increase the allowance by 1 USDT'], ['Call 2', UNLIMITED]] });
    expect(view.calls[3].rows.slice(2)).toEqual([['Deadline', '1 Jan 2030, 00:00'], ['Call 1', 'Transfer 4 USDT']]);
  });
});
