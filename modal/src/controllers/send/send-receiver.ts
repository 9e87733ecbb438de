import type { ApiContext } from '../../api/http.js';
import { lookupName } from '../../api/blockchain.js';
import type { Clock, ModalNetwork } from '../../core/types.js';
import { isEvmAddress } from '../../core/validation.js';
import { isSolanaAddress } from '../../connectors/solana/rules.js';
import type { SendController } from './send.js';

export const NAME_LOOKUP_DEBOUNCE_MS = 300;

const isNameLike = (value: string) => !/^0x/i.test(value) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(value) && value.length >= 3;

/** The receiver field of the send form: an address taken as typed, a name looked up (debounced, the latest wins). */
export interface SendReceiver {
  /** Takes `input` as the receiver; a name is looked up after `debounceMs` (now when 0). */
  apply(input: string, debounceMs: number): void;
  /** True while a lookup waits for its debounce. */
  readonly debouncing: boolean;
  /** Settles when the lookup under way is done, whatever its answer. */
  settled(): Promise<void>;
  /** Drops the lookup under way. */
  cancel(): void;
}

export interface SendReceiverDeps {
  form: SendController;
  api: ApiContext;
  clock: Clock;
  network: () => ModalNetwork;
}

export function createSendReceiver({ form, api, clock, network }: SendReceiverDeps): SendReceiver {
  let timer: unknown;
  let lookupId = 0;
  let lookup: Promise<void> = Promise.resolve();

  const resolveName = async (name: string, id: number) => {
    try {
      const profile = await lookupName(api, name);
      if (id !== lookupId) return;
      const coinType = String((0x80000000 | network().id) >>> 0);
      const entry = profile.addresses[coinType] ?? profile.addresses['60'] ?? Object.values(profile.addresses)[0];
      // A name stands beside its address, and the address is shown (and sent to) in EIP-55: its own chunk (keccak), off the views.
      const checksum = entry && isEvmAddress(entry.address) ? (await import('../../core/address.js')).checksumAddress : undefined;
      if (id !== lookupId) return;
      const address = checksum && entry ? checksum(`0x${entry.address.replace(/^0x/i, '')}`) : undefined;
      form.set({
        receiverAddress: address,
        receiverProfileName: address ? profile.name : undefined,
        receiverProfileImageUrl: address ? profile.attributes.find((a) => a.avatar)?.avatar : undefined,
      });
    } catch {
      if (id === lookupId) form.set({ receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined });
    } finally {
      if (id === lookupId) form.set({ resolvingName: false });
    }
  };

  const receiver: SendReceiver = {
    get debouncing() {
      return timer !== undefined;
    },
    apply(input, debounceMs) {
      const value = input.trim();
      receiver.cancel();
      const cleared = { receiverAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined, solanaRent: undefined, solanaFeeLamports: undefined, declined: undefined };
      if (network().chainNamespace === 'solana') {
        // Base58 is case-sensitive: taken as typed; no name lookup on Solana.
        form.set({ ...cleared, receiverInput: input, resolvingName: false, receiverAddress: isSolanaAddress(value) ? value : undefined });
        return;
      }
      if (isEvmAddress(value)) {
        form.set({ ...cleared, receiverInput: input, resolvingName: false, receiverAddress: value.startsWith('0x') ? value : `0x${value}` });
        return;
      }
      form.set({ ...cleared, receiverInput: input, resolvingName: false });
      if (!isNameLike(value)) return;
      const id = lookupId;
      form.set({ resolvingName: true });
      if (debounceMs === 0) {
        lookup = resolveName(value, id);
        return;
      }
      lookup = new Promise<void>((resolve) => {
        timer = clock.setTimeout(() => {
          timer = undefined;
          void resolveName(value, id).then(resolve);
        }, debounceMs);
      });
    },
    settled: () => lookup,
    cancel() {
      lookupId++;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
  return receiver;
}
