import { erc20Abi, getAddress, maxUint256, parseEther, parseUnits, type Hex } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import type {
  AllowanceResponse,
  BuildApproveResponse,
  BuildTransactionResponse,
  GasPriceResponse,
  SwapQuotesResponse,
  SwapTokensResponse,
} from '../../modal/src/api/convert-types.js';
import { devWallet, getJson, localChain, postJson, projectId } from './helpers.js';

// Account 4 swaps; nothing else in the suite uses it.
const user = () => devWallet(4);
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const caip = (address: string) => `${localChain()}:${address}`;
const token = (symbol: string) => {
  const found = inject('deployment').tokens.find((t) => t.symbol === symbol);
  if (!found) throw new Error(`no ${symbol}`);
  return { ...found, address: getAddress(found.address) };
};

/** Sends a built transaction as the wallet would (to/data/value from the answer). */
async function send(tx: { to: string; data: Hex; value?: string; amount?: string }) {
  const { walletClient, publicClient } = user();
  const hash = await walletClient.sendTransaction({ to: tx.to.split(':')[2] as Hex, data: tx.data, value: BigInt(tx.value ?? tx.amount ?? '0') });
  return publicClient.waitForTransactionReceipt({ hash });
}

describe('GET /v1/convert/tokens', () => {
  it('lists the native coin and the pool tokens as CAIP-10 addresses', async () => {
    const { status, body } = await getJson<SwapTokensResponse>('/v1/convert/tokens', { chainId: localChain() });
    expect(status).toBe(200);
    expect(body.tokens.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ['BNB', caip(NATIVE), 18],
      ...inject('deployment').tokens.map((t) => [t.symbol, caip(getAddress(t.address)), t.decimals]),
    ]);
  });

  it('is empty on another chain and 400 without chainId', async () => {
    expect((await getJson('/v1/convert/tokens', { chainId: 'eip155:56' })).body).toEqual({ tokens: [] });
    expect((await getJson('/v1/convert/tokens')).status).toBe(400);
  });
});

describe('GET /v1/convert/quotes', () => {
  it('quotes from the pool reserves (constant product with the fee)', async () => {
    const amount = parseEther('1');
    const { status, body } = await getJson<SwapQuotesResponse>('/v1/convert/quotes', {
      amount: amount.toString(),
      userAddress: caip(user().address),
      from: caip(NATIVE),
      to: caip(token('USDT').address),
      gasPrice: '1000000000',
    });
    expect(status).toBe(200);
    const [quote] = body.quotes;
    expect(quote).toMatchObject({ id: null, fromAmount: amount.toString(), fromAccount: caip(NATIVE), toAccount: caip(token('USDT').address) });
    // 100 BNB against 60,000 USDT, 0.3% fee: 1 BNB gives a little under 600 USDT (reserves move as the suite swaps).
    const out = BigInt(quote.toAmount);
    expect(out).toBeGreaterThan(parseUnits('500', 18));
    expect(out).toBeLessThan(parseUnits('600', 18));
  });

  it.each([
    [{ amount: '-1' }, 'amount'],
    [{ amount: '0' }, 'amount'],
    [{ from: 'eip155:31337:0x000000000000000000000000000000000000dEaD' }, 'from'],
    [{ to: 'USDT' }, 'to'],
    [{ userAddress: '0xabc' }, 'userAddress'],
  ])('answers 400 for %j', async (change, field) => {
    const { status, body } = await getJson<{ field: string }>('/v1/convert/quotes', {
      amount: '1000',
      userAddress: caip(user().address),
      from: caip(NATIVE),
      to: caip(token('USDT').address),
      gasPrice: '1',
      ...change,
    });
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });
});

describe('GET /v1/convert/gas-price', () => {
  it('gives standard <= fast <= instant in wei', async () => {
    const { status, body } = await getJson<GasPriceResponse>('/v1/convert/gas-price', { chainId: localChain() });
    expect(status).toBe(200);
    const [standard, fast, instant] = [body.standard, body.fast, body.instant].map(BigInt);
    expect(standard).toBe(await user().publicClient.getGasPrice());
    expect(fast).toBeGreaterThanOrEqual(standard);
    expect(instant).toBeGreaterThanOrEqual(fast);
  });

  it('answers 400 for an unknown chain', async () => {
    expect((await getJson('/v1/convert/gas-price', { chainId: 'eip155:999' })).status).toBe(400);
  });
});

describe('swap flow: allowance, build-approve, build-transaction', () => {
  it('swaps BNB for USDT with a built transaction that really moves balances', async () => {
    const usdt = token('USDT');
    const { publicClient } = user();
    const before = await publicClient.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [user().address] });
    const amount = parseEther('0.5').toString();
    const quote = await getJson<SwapQuotesResponse>('/v1/convert/quotes', { amount, userAddress: caip(user().address), from: caip(NATIVE), to: caip(usdt.address), gasPrice: '1' });
    const built = await postJson<BuildTransactionResponse>('/v1/convert/build-transaction', {
      projectId: projectId(),
      amount,
      eip155: { slippage: 1 },
      from: caip(NATIVE),
      to: caip(usdt.address),
      userAddress: caip(user().address),
      disableEstimate: false,
    });
    expect(built.status).toBe(200);
    expect(built.body.tx).toMatchObject({ from: caip(user().address), to: caip(getAddress(inject('deployment').swapPool)), amount });
    expect(Number(built.body.tx.eip155.gas)).toBeGreaterThan(21_000);
    const receipt = await send(built.body.tx);
    expect(receipt.status).toBe('success');
    const after = await publicClient.readContract({ address: usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [user().address] });
    expect(after - before).toBe(BigInt(quote.body.quotes[0].toAmount));
  });

  it('approves and swaps USDC for BNB', async () => {
    const usdc = token('USDC');
    const { publicClient } = user();
    await send(
      (await getJson<BuildApproveResponse>('/v1/convert/build-approve', { userAddress: caip(user().address), from: caip(usdc.address), to: caip(NATIVE), amount: '0' })).body.tx,
    );
    const zero = await getJson<AllowanceResponse>('/v1/convert/allowance', { tokenAddress: caip(usdc.address), userAddress: caip(user().address) });
    expect(zero.body).toEqual({ allowance: '0' });

    const approve = await getJson<BuildApproveResponse>('/v1/convert/build-approve', { userAddress: caip(user().address), from: caip(usdc.address), to: caip(NATIVE) });
    expect(approve.status).toBe(200);
    expect(approve.body.tx).toMatchObject({ from: caip(user().address), to: caip(usdc.address), value: '0' });
    expect(typeof approve.body.tx.eip155.gas).toBe('number');
    expect((await send(approve.body.tx)).status).toBe('success');
    const allowance = await getJson<AllowanceResponse>('/v1/convert/allowance', { tokenAddress: caip(usdc.address), userAddress: caip(user().address) });
    expect(allowance.body).toEqual({ allowance: maxUint256.toString() });

    const amount = parseUnits('30', usdc.decimals).toString();
    const nativeBefore = await publicClient.getBalance({ address: user().address });
    const built = await postJson<BuildTransactionResponse>('/v1/convert/build-transaction', {
      projectId: projectId(), amount, eip155: { slippage: 1 }, from: caip(usdc.address), to: caip(NATIVE), userAddress: caip(user().address),
    });
    expect(built.body.tx.amount).toBe('0');
    const receipt = await send(built.body.tx);
    expect(receipt.status).toBe('success');
    const nativeAfter = await publicClient.getBalance({ address: user().address });
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice;
    // 30 USDC at ~600 USD/BNB is ~0.05 BNB.
    expect(nativeAfter - nativeBefore + gasCost).toBeGreaterThan(parseEther('0.045'));
  });

  it.each([
    [{ eip155: { slippage: 'high' } }, 'eip155.slippage'],
    [{ amount: 'ten' }, 'amount'],
    [{ userAddress: 'eip155:56:0x0000000000000000000000000000000000000001' }, 'userAddress'],
    [{ disableEstimate: 'yes' }, 'disableEstimate'],
  ])('build-transaction answers 400 for %j', async (change, field) => {
    const { status, body } = await postJson<{ field: string }>('/v1/convert/build-transaction', {
      projectId: projectId(), amount: '1000', eip155: { slippage: 1 }, from: caip(NATIVE), to: caip(token('USDT').address), userAddress: caip(user().address), ...change,
    });
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });

  it('build-approve answers 400 for the native coin and allowance 400 for a bad address', async () => {
    expect((await getJson<{ field: string }>('/v1/convert/build-approve', { userAddress: caip(user().address), from: caip(NATIVE), to: caip(token('USDT').address) })).body.field).toBe('from');
    expect((await getJson('/v1/convert/allowance', { tokenAddress: 'x', userAddress: caip(user().address) })).status).toBe(400);
  });
});
