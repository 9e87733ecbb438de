import { createPublicClient, createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { inject } from 'vitest';
import { DEV_ACCOUNTS } from '../../scripts/config.js';

export const apiUrl = () => inject('apiUrl');
export const projectId = () => inject('projectId');
export const localChain = () => `eip155:${inject('chainId')}`;

/** A URL of the server with the "+sdk" parameters appended after the call's own (as the hosted client sends them). */
export function sdkUrl(path: string, params: Record<string, string> = {}, sdk = true): string {
  const url = new URL(path, apiUrl());
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (sdk) {
    url.searchParams.set('projectId', projectId());
    url.searchParams.set('st', 'appkit');
    url.searchParams.set('sv', 'html-wagmi-4.2.2');
  }
  return url.toString();
}

export async function getJson<T = unknown>(path: string, params: Record<string, string> = {}, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(sdkUrl(path, params), init);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

export async function postJson<T = unknown>(path: string, body: unknown, query: Record<string, string> = {}, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<{ status: number; body: T }> {
  const url = new URL(path, apiUrl());
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** viem clients for one funded dev account; each test file uses its own account so nonces never clash. */
export function devWallet(index: number) {
  const chain = defineChain({
    id: inject('chainId'),
    name: 'BSC Local',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [inject('rpcUrl')] } },
  });
  const account = privateKeyToAccount(DEV_ACCOUNTS[index].key as Hex);
  const publicClient = createPublicClient({ chain, transport: http(inject('rpcUrl')) });
  const walletClient = createWalletClient({ account, chain, transport: http(inject('rpcUrl')) });
  return { account, address: account.address, publicClient, walletClient, chain };
}
