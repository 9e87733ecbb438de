// Benchmark of a user operation's round trip on the local stack: `npm run bench:userop`.
// A fresh anvil with the dev deployment (EntryPoint v0.7, MinibotSmartAccountFactory), the alto bundler from npm on
// loopback, and the embedded wallet's smart account (api-mocks/src/embedded/smart-account.ts). Each sample mints
// one presale pass: prepare (nonce, gas estimate through the bundler, signature) and send, then wait until the
// bundler reports the receipt. The first sample also deploys the account; it is reported apart. A plain EOA
// transaction of the same mint on the same node gives the ratio.
import { loadavg } from 'node:os';
import { createPublicClient, createWalletClient, encodeFunctionData, http, parseEther, type Hex } from 'viem';
import { createBundlerClient } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { deployDevStack, DEV_BUNDLER_KEY } from '../contracts/scripts/deploy.js';
import { minibotPresaleAbi } from '../contracts/generated/minibotPresale.js';
import { bundlerGasPrice, toEmbeddedSmartAccount } from '../api-mocks/src/embedded/smart-account.js';
import { DEV_ACCOUNTS } from '../scripts/config.js';
import { freePort, startAnvil, startBundler } from '../scripts/stack.js';
import { writeBenchReport } from './results.js';

const SAMPLES = 20;
const GOAL_MS = 2000;
const CHAIN_ID = 31337;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

async function main() {
  const host = '127.0.0.1';
  const anvil = await startAnvil(host, await freePort(host), CHAIN_ID);
  let stopBundler: (() => Promise<void>) | undefined;
  try {
    const deployment = await deployDevStack({ rpcUrl: anvil.rpcUrl, ownerKey: DEV_ACCOUNTS[0].key as Hex });
    const bundler = await startBundler(host, await freePort(host), anvil.rpcUrl, deployment.erc4337!.entryPoint, DEV_BUNDLER_KEY);
    stopBundler = () => bundler.stop();
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
    const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl), pollingInterval: 50 });
    const bundlerClient = createBundlerClient({ chain, client: publicClient, transport: http(bundler.url), pollingInterval: 50, userOperation: { estimateFeesPerGas: bundlerGasPrice } });
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toEmbeddedSmartAccount({ client: publicClient, owner, setup: deployment.erc4337! });
    const funder = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: privateKeyToAccount(DEV_ACCOUNTS[0].key as Hex) });
    await publicClient.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('10') }) });

    const price = BigInt(deployment.priceWei);
    const data = encodeFunctionData({ abi: minibotPresaleAbi, functionName: 'mint', args: [1n] });
    const call = { to: deployment.presale, value: price, data };
    const sample = async () => {
      const start = performance.now();
      const hash = await bundlerClient.sendUserOperation({ account, calls: [call] });
      const sent = performance.now();
      const { success } = await bundlerClient.waitForUserOperationReceipt({ hash, pollingInterval: 20, timeout: 30_000 });
      if (!success) throw new Error(`user operation ${hash} reverted`);
      const done = performance.now();
      return { send: sent - start, receipt: done - sent, total: done - start };
    };

    const loadBefore = loadavg()[0];
    const first = await sample();
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await sample());
    const eoa = privateKeyToAccount(DEV_ACCOUNTS[0].key as Hex);
    const eoaTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const start = performance.now();
      const hash = await funder.sendTransaction({ account: eoa, ...call });
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      eoaTimes.push(performance.now() - start);
    }
    const stats = (values: number[]) => ({ median: round(median(values)), p95: round(p95(values)), min: round(Math.min(...values)), max: round(Math.max(...values)) });
    const figures = {
      samples: SAMPLES,
      firstWithDeploymentMs: { send: round(first.send), receipt: round(first.receipt), total: round(first.total) },
      sendMs: stats(samples.map((s) => s.send)),
      bundleAndReceiptMs: stats(samples.map((s) => s.receipt)),
      roundTripMs: stats(samples.map((s) => s.total)),
      eoaRoundTripMs: stats(eoaTimes),
      ratioToEoa: round(median(samples.map((s) => s.total)) / median(eoaTimes), 2),
      goalMs: GOAL_MS,
      goalMet: median(samples.map((s) => s.total)) <= GOAL_MS,
      loadAverage1mBefore: round(loadBefore, 2),
      loadAverage1mAfter: round(loadavg()[0], 2),
    };
    const { sendMs: s, bundleAndReceiptMs: b, roundTripMs: r, eoaRoundTripMs: e } = figures;
    const markdown = `${SAMPLES} user operations (one presale mint each) from the embedded wallet's smart account (MinibotSmartAccount, EntryPoint v0.7) through the \`@pimlico/alto\` bundler on loopback, against a fresh anvil (automine). Send = nonce, gas estimate through the bundler, signature and \`eth_sendUserOperation\`; bundle and receipt = until the bundler answers \`eth_getUserOperationReceipt\` (polled every 20 ms). The same mint as a plain EOA transaction gives the ratio.

| figure | value |
|---|---|
| first user operation (deploys the account): send / bundle and receipt / total | ${figures.firstWithDeploymentMs.send} / ${figures.firstWithDeploymentMs.receipt} / ${figures.firstWithDeploymentMs.total} ms |
| send: median / p95 | ${s.median} / ${s.p95} ms |
| bundle and receipt: median / p95 | ${b.median} / ${b.p95} ms |
| round trip: median / p95 (min / max) | ${r.median} / ${r.p95} (${r.min} / ${r.max}) ms |
| EOA transaction round trip: median / p95 | ${e.median} / ${e.p95} ms |
| user operation / EOA (median) | ${figures.ratioToEoa} |
| machine load (1 min average) before / after | ${figures.loadAverage1mBefore} / ${figures.loadAverage1mAfter} |

Goal: a user operation's round trip within ${GOAL_MS} ms (median of ${SAMPLES}) — ${figures.goalMet ? 'met' : 'NOT met'}.`;
    writeBenchReport({ name: 'userop', command: 'npm run bench:userop', figures, markdown });
    console.log(markdown);
    if (!figures.goalMet) process.exitCode = 1;
  } finally {
    await stopBundler?.();
    await anvil.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
