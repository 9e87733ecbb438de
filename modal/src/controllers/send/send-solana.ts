import { validateSolanaSend } from '../../core/validation.js';
import { log } from '../../core/log.js';
import { isSolanaAddress } from '../../connectors/solana/rules.js';
import type { SolanaRpcCall } from '../../connectors/solana/transactions.js';
import type { ModalMessages, ModalNetwork } from '../../core/types.js';
import type { SolanaWalletConnector } from '../../connectors/solana/connector.js';
import type { ChainRead } from '../../chain/wait.js';
import type { ToastVariant } from '../toasts.js';
import type { SendController } from './send.js';
import type { SendOutcome, SendSubmission } from './send-submit.js';

/** What the Solana part takes of the Send flow's deps. */
export interface SendSolanaDeps {
  form: SendController;
  messages: Pick<ModalMessages, 'invalidAmountAndReceiver' | 'solanaSendFailed'>;
  toast: (variant: ToastVariant, message: string) => void;
  address: () => string | undefined;
  network: () => ModalNetwork;
  rpc: ChainRead;
  solanaConnector?: () => SolanaWalletConnector | undefined;
  solanaRpc?: SolanaRpcCall;
  solanaConfirmTimeoutMs?: number;
}

/** Send on Solana: the form as a transfer (the spec's one rule), the rent it may pay (the preview), and its submit. */
export function createSendSolana(deps: SendSolanaDeps, amount: () => bigint | undefined, submit: (submission: SendSubmission) => Promise<SendOutcome>) {
  const { form } = deps;

  /** The form as a Solana transfer (amount in base units); undefined unless it is complete and valid (the spec's one rule). */
  const solanaRequest = () => {
    const s = form.getState();
    const from = deps.address();
    const value = amount();
    try {
      validateSolanaSend({ amount: s.sendTokenAmount, receiverAddress: s.receiverAddress });
    } catch {
      return undefined;
    }
    if (!from || !s.token || !s.receiverAddress || !isSolanaAddress(s.receiverAddress) || !value) return undefined;
    return { from, to: s.receiverAddress, units: value, token: { address: s.token.address, decimals: s.token.decimals } };
  };
  const solanaRpc = (): SolanaRpcCall => deps.solanaRpc ?? ((method, params) => deps.rpc(method, params));
  const send = async (): Promise<SendOutcome> => {
    const transfer = solanaRequest();
    if (!transfer) {
      deps.toast('error', deps.messages.invalidAmountAndReceiver);
      return 'invalid';
    }
    const connector = deps.solanaConnector?.();
    if (!connector) {
      log('error', 'Solana send without a connected Solana wallet');
      deps.toast('error', deps.messages.solanaSendFailed);
      return 'failed';
    }
    const { token, receiverAddress } = form.getState();
    return submit({
      kind: 'solana',
      connector,
      rpc: solanaRpc(),
      chain: deps.network().caipNetworkId,
      transfer,
      confirmTimeoutMs: deps.solanaConfirmTimeoutMs,
      sent: { token: token!, value: transfer.units, to: receiverAddress! },
    });
  };

  return {
    send,
    /** Builds the transfer once to learn its network fee (`solanaFeeLamports`) and whether it creates the receiver's token account (`solanaRent`). */
    async prepare() {
      const request = solanaRequest();
      if (!request) return;
      try {
        const { solanaCostsOf } = await import('../../chain/solana-transfer.js');
        const costs = await solanaCostsOf(solanaRpc(), request);
        if (solanaRequest()?.to === request.to) form.set({ solanaRent: costs.rent, solanaFeeLamports: costs.feeLamports });
      } catch (error) {
        log('warn', 'Reading the Solana receiver failed', error);
      }
    },
  };
}
