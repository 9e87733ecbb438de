// `npm run api-mocks`: api-mocks alone, against a node that is already running (e.g. from `npm start`
// or `npx anvil`) and the deployment written to <LOCAL_DIR>/deployment.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Deployment } from '../../contracts/deployment.js';
import { readStackConfig } from '../../scripts/config.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

function fail(message: string): never {
  console.error(`api-mocks: ${message}`);
  process.exit(1);
}

async function nodeChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(3000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = readStackConfig();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const deploymentFile = resolve(repoRoot, config.localDir, 'deployment.json');
  if (!existsSync(deploymentFile)) {
    fail(`no deployment at ${join(config.localDir, 'deployment.json')}. Run \`npm start\` once (it deploys the contracts and writes it), or set LOCAL_DIR.`);
  }
  let deployment: Deployment;
  try {
    deployment = JSON.parse(readFileSync(deploymentFile, 'utf8')) as Deployment;
  } catch (error) {
    fail(`cannot read ${join(config.localDir, 'deployment.json')}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rpcUrl = process.env.RPC_URL || deployment.rpcUrl || `http://${config.host}:${config.anvilPort}`;
  const chainId = await nodeChainId(rpcUrl);
  if (chainId === undefined) fail(`the local node at ${rpcUrl} does not answer. Start it first (\`npm start\` starts the node and deploys), or set RPC_URL.`);
  if (chainId !== deployment.chainId) fail(`the node at ${rpcUrl} runs chain ${chainId}, but the deployment is for chain ${deployment.chainId}.`);

  // The server's modules (the chains, the relay, the wallet's service) load only once the checks above passed: a
  // mistake in the set-up is reported at once.
  const { PortInUseError, startApiMocks } = await import('./server.js');
  try {
    const running = await startApiMocks({
      host: config.host,
      port: config.apiPort,
      relayPort: config.relayPort,
      framePort: config.framePort,
      rpcUrl,
      chainId,
      deployment,
      dataDir: resolve(repoRoot, config.dataDir),
      projectId: config.projectId,
      allowedOrigins: process.env.ALLOWED_ORIGINS ? process.env.ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
    });
    console.log(`api-mocks: HTTP ${running.url}  relay ${running.relayUrl}  embedded wallet ${running.frameUrl} (mailbox ${running.frameUrl}/mailbox)  chain ${chainId} via ${rpcUrl}  project "${config.projectId}"  data ${config.dataDir}/`);
    if (running.solana) console.log(`Solana: ${running.solana.caip2} (LiteSVM in this process) at ${running.url}/v1?chainId=${encodeURIComponent(running.solana.caip2)}&projectId=${config.projectId}  test token MUSD ${running.solana.mint}`);
    const stop = () => {
      running.close().then(() => process.exit(0));
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
  } catch (error) {
    if (error instanceof PortInUseError) {
      const variable = error.what.includes('relay') ? 'RELAY_PORT' : error.what.includes('frame') ? 'FRAME_PORT' : 'API_PORT';
      fail(`port ${error.port} (${error.what}) is already in use. Stop whatever uses it, or set ${variable} to a free port.`);
    }
    fail(error instanceof Error ? error.message : String(error));
  }
}

void main();
