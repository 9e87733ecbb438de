import type { WcUniversalProvider } from '../walletconnect.js';
import { callWallet, type SolanaWalletConnector } from './connector.js';
import { decodeBase58, encodeBase58 } from './rules.js';
import { createSolanaSignInMessage } from './siwx.js';

/*
 * The Solana account of a WalletConnect session as a Solana connector: the same interface as a Wallet Standard
 * wallet's, its calls sent as WalletConnect's Solana JSON-RPC requests (transactions in base64, signatures and
 * messages in base58). Part of the Solana chunk.
 */

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A compact-u16 (Solana's "shortvec") at `offset`: its value and the offset after it. */
function readShortVec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[offset++];
    value |= (byte & 0x7f) << shift;
    if (!(byte & 0x80)) return [value, offset];
  }
}

/**
 * Puts `signature` into the slot of `signer` (32-byte public key) in a wire transaction (legacy or v0): for a wallet
 * whose `solana_signTransaction` answers only the signature.
 */
export function withSignature(wire: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array {
  const [slots, firstSlot] = readShortVec(wire, 0);
  let header = firstSlot + 64 * slots;
  // A versioned message starts with 0x80 | version.
  if (wire[header] & 0x80) header++;
  const [keys, firstKey] = readShortVec(wire, header + 3);
  for (let i = 0; i < Math.min(slots, keys, wire[header]); i++) {
    const key = wire.subarray(firstKey + 32 * i, firstKey + 32 * (i + 1));
    if (!key.every((byte, j) => byte === signer[j])) continue;
    const signed = wire.slice();
    signed.set(signature, firstSlot + 64 * i);
    return signed;
  }
  throw new Error('The transaction needs no signature of this account');
}

const signatureOf = (value: unknown): string => {
  if (typeof value !== 'string' || decodeBase58(value)?.length !== 64) throw new Error('The wallet returned no Ed25519 signature');
  return value;
};

/**
 * The connector of a WalletConnect session's Solana account `address` on `chain` (CAIP-2). `endsSession` says whether
 * its disconnect ends the WalletConnect session (false while the session's EVM account is connected: ending that
 * ends the session).
 * @example const connector = createWalletConnectSolanaConnector(provider, { chain: 'solana:5eyk…', address }, () => true);
 */
export function createWalletConnectSolanaConnector(
  provider: WcUniversalProvider,
  account: { chain: string; address: string },
  endsSession: () => boolean,
): SolanaWalletConnector {
  const methods = provider.session?.namespaces.solana?.methods ?? [];
  const request = (method: string, params: Record<string, unknown>) =>
    callWallet(() => provider.request({ method, params }, account.chain)) as Promise<Record<string, unknown> | null>;
  const accounts = async () => [account.address];

  const connector: SolanaWalletConnector = {
    canSendTransactions: methods.includes('solana_signAndSendTransaction') || methods.includes('solana_signTransaction'),
    canSignIn: methods.includes('solana_signMessage'),
    connect: accounts,
    getAuthorizedAccounts: accounts,
    async disconnect() {
      if (endsSession() && provider.session) await provider.disconnect().catch(() => undefined);
    },
    watch(handlers) {
      const ended = () => handlers.disconnect();
      provider.on('session_delete', ended);
      return () => void provider.removeListener('session_delete', ended);
    },
    async signMessage(address, message) {
      const answer = await request('solana_signMessage', { message: encodeBase58(message), pubkey: address });
      return decodeBase58(signatureOf(answer?.signature))!;
    },
    async signIn(fields) {
      const message = createSolanaSignInMessage(fields);
      const signature = await connector.signMessage(fields.address, new TextEncoder().encode(message));
      return { address: fields.address, message, signature: encodeBase58(signature) };
    },
    async signAndSend({ address, transaction, send }) {
      if (methods.includes('solana_signAndSendTransaction')) {
        const answer = await request('solana_signAndSendTransaction', { transaction: toBase64(transaction), sendOptions: { preflightCommitment: 'confirmed' } });
        return signatureOf(answer?.signature);
      }
      const answer = await request('solana_signTransaction', { transaction: toBase64(transaction) });
      // Newer wallets answer the signed transaction, older ones only their signature.
      if (typeof answer?.transaction === 'string') return send(fromBase64(answer.transaction));
      return send(withSignature(transaction, decodeBase58(address)!, decodeBase58(signatureOf(answer?.signature))!));
    },
  };
  return connector;
}
