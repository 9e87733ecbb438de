import { formatEther } from 'viem';
import { DEV_ACCOUNTS, readStackConfig } from './config.js';
import { StackError, startStack, startSite, stopAllChildren } from './stack.js';

/** What runs so far; stopped on SIGINT (Ctrl-C), SIGTERM (a process manager, a container stop) and SIGHUP (the terminal closed). */
let stopRunning: (() => Promise<void>) | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\nStopping (${signal})...`);
    // The started services first (they close their files), then any child still starting.
    void (stopRunning?.() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => stopAllChildren())
      .then(() => process.exit(0));
  });
}

/** `npm start`: the whole product on this machine (local chain + contract, api-mocks, site). Ctrl-C stops it all. */
async function main() {
  let config;
  try {
    config = readStackConfig();
  } catch (error) {
    throw new StackError((error as Error).message);
  }
  if (config.preset.name !== 'local') {
    // A real chain: nothing to run locally but the site, pointed at the configured contract and hosted services.
    const contract = process.env.CONTRACT_ADDRESS;
    if (!contract) throw new StackError(`CONTRACT_ADDRESS must be set for CHAIN_PRESET=${config.preset.name}.`);
    const env: Record<string, string> = {
      VITE_CHAIN_PRESET: config.preset.name,
      VITE_CONTRACT_ADDRESS: contract,
      VITE_PROJECT_ID: config.projectId,
      ...(process.env.RPC_URL ? { VITE_RPC_URL: process.env.RPC_URL } : {}),
    };
    const site = await startSite('dev', config.host, config.sitePort, env);
    console.log(`\nMinibot presale (${config.preset.label}, chain id ${config.preset.chainId}) is running.\n\n  Open ${site.url}\n`);
    onExit(() => site.close());
    return;
  }
  const stack = await startStack({ config, site: 'dev', log: (line) => console.log(line) });
  onExit(() => stack.stop());
  const lines = [
    '',
    'Minibot presale is running on this machine.',
    '',
    `  Open ${stack.siteUrl}`,
    `  Modal lab    ${stack.siteUrl}lab/   (every view and option of the modal)`,
    '',
    `  Chain        ${config.preset.label}, chain id ${config.preset.chainId}, RPC ${stack.publicRpcUrl}`,
    `  Node         ${stack.rpcUrl}   (local tools: every method, anvil_* and evm_* too; a web page: the public ones only)`,
    `  Contract     ${stack.deployment.presale} (price ${formatEther(BigInt(stack.deployment.priceWei))} BNB, minting enabled)`,
    `  api-mocks    ${stack.apiUrl}   relay ${stack.relayUrl}`,
    `  Bundler      ${stack.bundlerUrl}   (ERC-4337, EntryPoint ${stack.deployment.erc4337?.entryPoint}; smart accounts)`,
    `  Mailbox      ${stack.frameUrl}/mailbox   (e-mail login codes and device links; JSON: ${stack.frameUrl}/mailbox.json)`,
    '',
    'Funded development accounts (10000 BNB each on the local chain only; never use these keys elsewhere):',
    ...DEV_ACCOUNTS.map((a, i) => `  (${i}) ${a.address}  ${a.key}${i === 0 ? '  <- contract owner' : ''}`),
    '',
    'Add the local chain to your browser wallet (the RPC above, chain id 31337, symbol BNB) and import one of the keys.',
    '',
    `Local Solana chain (LiteSVM inside api-mocks): ${stack.solana.chainId}`,
    `  JSON-RPC     ${stack.solana.rpcUrl}`,
    `  WebSocket    ${stack.solana.wsUrl}   (subscriptions; also on the relay's port, where @solana/web3.js looks by default)`,
    `  Test token   ${stack.solana.mint}  (MUSD, 6 decimals)`,
    'Funded Solana development accounts (1000 SOL and 1000 MUSD each; secret keys in base58, as Solana wallets import them):',
    ...stack.solana.accounts.map((a, i) => `  (${i}) ${a.address}  ${a.secretKey}`),
    'Press Ctrl-C to stop everything.',
  ];
  console.log(lines.join('\n'));
}

function onExit(stop: () => Promise<void>) {
  stopRunning = stop;
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof StackError ? `Error: ${message}` : error);
  process.exit(1);
});
