import { fetchNameSuggestions, lookupName, registerName, reverseLookupNames } from '../../api/blockchain.js';
import type { ApiContext } from '../../api/http.js';
import type { LookupNameResponse, NameSuggestion, RegisterNameMessage } from '../../api/blockchain-types.js';
import { DEFAULT_NAME_ZONE } from '../../core/constants.js';
import { createStore } from '../../core/store.js';
import type { Clock, Eip1193Provider, Store } from '../../core/types.js';
import type { CoreControllers } from '../core-controllers.js';
import { HttpError, isUserRejection, ModalError, ProviderRpcError } from '../../errors.js';
import { isPresentable } from '../../core/logger.js';
import { log } from '../../core/log.js';
import { messagesOf } from '../../texts/messages-of.js';
import type { ModalMessages } from '../../texts/locale.js';

/** Spec section 9: a name has at least 4 characters. */
export const NAME_MIN_LENGTH = 4;
/**
 * The `nameZone` option in lower case; a zone that is not a domain (letters, digits, hyphens and dots) throws a
 * sentence for the dapp's developer.
 * @example nameZoneOf(' Minibot.ID ') // 'minibot.id'
 */
export function nameZoneOf(option: string | undefined): string {
  const zone = (option ?? DEFAULT_NAME_ZONE).trim().toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(zone)) throw new ModalError(`The nameZone option must be a domain such as 'example.id', not '${option}'.`);
  return zone;
}

/** Typing pauses this long before availability and suggestions are asked for. */
export const NAME_CHECK_DEBOUNCE_MS = 300;
const LABEL = /^[a-zA-Z0-9-]+$/;
const COIN_TYPE_FLAG = 0x80000000;

/** Why a label cannot be a name (spec section 5): too short, or a character other than letters, digits and hyphen. */
export type NameProblem = 'tooShort' | 'invalidCharacters';

/**
 * The label's problem, or undefined when it is a valid name; a trailing `.{zone}` is ignored.
 * @example validateName('ab') // 'tooShort'
 */
export function validateName(input: string, zone = DEFAULT_NAME_ZONE): NameProblem | undefined {
  const label = labelOf(input, zone);
  if (label !== '' && !LABEL.test(label)) return 'invalidCharacters';
  if (label.length < NAME_MIN_LENGTH) return 'tooShort';
  return undefined;
}

/** `Alice` or `alice.reown.id` -> `alice` (with the zone `reown.id`). */
export function labelOf(input: string, zone = DEFAULT_NAME_ZONE): string {
  const value = input.trim().toLowerCase();
  return value.endsWith(`.${zone}`) ? value.slice(0, -(zone.length + 1)) : value;
}

/**
 * The coin type of an EVM chain (ENSIP-11): `0x80000000 | chainId`. Throws 'Invalid chainId' from 2^31 on.
 * @example coinTypeOf(56) // 2147483704
 */
export function coinTypeOf(chainId: number, messages: Pick<NamesMessages, 'invalidChainId'>): number {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= COIN_TYPE_FLAG) throw new ModalError(messages.invalidChainId);
  return (COIN_TYPE_FLAG | chainId) >>> 0;
}

/** The name's record; undefined when it is not registered (404). Throws 'Error resolving name' on any other failure. */
export async function resolveName(api: ApiContext, name: string, messages: Pick<NamesMessages, 'errorResolvingName'>): Promise<LookupNameResponse | undefined> {
  try {
    return await lookupName(api, name);
  } catch (cause) {
    if (cause instanceof HttpError && cause.status === 404) return undefined;
    throw new ModalError(messages.errorResolvingName, { cause });
  }
}

/** Suggestions in the zone (each with whether it is registered); throws 'Error fetching name suggestions'. */
export async function suggestNames(api: ApiContext, name: string, messages: Pick<NamesMessages, 'errorFetchingNameSuggestions'>, zone = DEFAULT_NAME_ZONE): Promise<NameSuggestion[]> {
  try {
    return (await fetchNameSuggestions(api, name, zone)).suggestions;
  } catch (cause) {
    throw new ModalError(messages.errorFetchingNameSuggestions, { cause });
  }
}

/** The names of an address (newest first); throws 'Error fetching names for address'. */
export async function namesOfAddress(api: ApiContext, address: string, messages: Pick<NamesMessages, 'errorFetchingNamesForAddress'>): Promise<LookupNameResponse[]> {
  try {
    return await reverseLookupNames(api, { address, sender: address });
  } catch (cause) {
    throw new ModalError(messages.errorFetchingNamesForAddress, { cause });
  }
}

/**
 * The reason text of a refused registration (the api puts `reasons[0].description` in the HttpError's details), when it
 * is one short plain sentence: a long or technical one gives way to the spec's text (the logger has it). The name the
 * user typed is not judged (a name refused for looking like an address is hex itself).
 */
function reasonOf(error: unknown, name: string): string | undefined {
  if (!(error instanceof HttpError) || typeof error.details !== 'string') return undefined;
  return isPresentable(error.details.split(name).join('name')) ? error.details : undefined;
}

/** The catalogue's texts the names controller shows or throws (in the modal's language). */
export type NamesMessages = Pick<
  ModalMessages,
  | 'invalidChainId'
  | 'errorResolvingName'
  | 'errorFetchingNameSuggestions'
  | 'errorFetchingNamesForAddress'
  | 'errorRegisteringName'
  | 'addressOrAuthConnectorNotFound'
  | 'requestRejected'
  | 'somethingWentWrong'
>;

export interface NamesControllerDeps {
  api: ApiContext;
  /** The modal's catalogue (`messagesOf(options)`), given by `createNamesFor`. */
  messages: NamesMessages;
  clock: Clock;
  /** The zone names live in (the `nameZone` option); default the hosted one. */
  zone?: string;
  /** The connected EVM address. */
  address: () => string | undefined;
  /** The active EVM chain id. */
  chainId: () => number;
  /** The connected wallet's provider when it is the auth connector (the embedded wallet); undefined otherwise. */
  authProvider: () => Eip1193Provider | undefined;
  /** The registered name, so that Account shows it at once. */
  onRegistered?: (name: string, address: string) => void;
}

export interface NamesState {
  /** What the user typed. */
  input: string;
  /** The full name (`label.{zone}`) of a valid input. */
  name?: string;
  problem?: NameProblem;
  availability: 'idle' | 'checking' | 'available' | 'taken' | 'error';
  /** Other free names to pick, only while the typed one is taken. */
  suggestions: NameSuggestion[];
  /** 'Error resolving name' or 'Error fetching name suggestions'. */
  lookupError?: string;
  registering: boolean;
  /** 'Error registering name {name}' (or the service's reason), 'Address or auth connector not found', 'Invalid chainId', ... */
  registerError?: string;
  /** The name registered last. */
  registered?: string;
}

export interface NamesController extends Store<NamesState> {
  /** Validates at once; availability and suggestions follow after {@link NAME_CHECK_DEBOUNCE_MS}. */
  setInput(value: string): void;
  /** Signs `{name, attributes, timestamp}` with the embedded wallet and registers it; resolves true on success. */
  register(): Promise<boolean>;
  reset(): void;
  dispose(): void;
}

const initialState = (): NamesState => ({ input: '', availability: 'idle', suggestions: [], registering: false });

/** The name-registration use case (RegisterAccountName): validation, debounced availability and suggestions, registration. */
export function createNamesController(deps: NamesControllerDeps): NamesController {
  const { messages } = deps;
  const store = createStore<NamesState>(initialState());
  const zone = nameZoneOf(deps.zone);
  let timer: unknown;
  let checkId = 0;

  const check = async (label: string, id: number) => {
    const name = `${label}.${zone}`;
    // The suggestions answer 200 with `registered` for each name, the typed one first: a free name costs no 404 (which
    // the browser would print as a console error). The lookup answers only when the list leaves the name out.
    const suggested = await suggestNames(deps.api, label, messages, zone).then(
      (list) => ({ list, error: undefined }),
      (error: Error) => ({ list: [] as NameSuggestion[], error: error.message }),
    );
    if (id !== checkId) return;
    let taken = suggested.list.find((s) => s.name === name)?.registered;
    let lookupError: string | undefined;
    if (taken === undefined) {
      try {
        taken = (await resolveName(deps.api, name, messages)) !== undefined;
      } catch (error) {
        lookupError = (error as Error).message;
      }
      if (id !== checkId) return;
    }
    store.setState({
      availability: taken === undefined ? 'error' : taken ? 'taken' : 'available',
      // Other names only help when this one is taken.
      suggestions: taken ? suggested.list.filter((s) => !s.registered && s.name !== name) : [],
      lookupError: lookupError ?? (taken ? suggested.error : undefined),
    });
  };

  const cancel = () => {
    checkId++;
    if (timer !== undefined) deps.clock.clearTimeout(timer);
    timer = undefined;
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    setInput(value) {
      cancel();
      const problem = validateName(value, zone);
      const label = labelOf(value, zone);
      store.setState({
        input: value,
        name: problem ? undefined : `${label}.${zone}`,
        problem: label === '' ? undefined : problem,
        availability: problem ? 'idle' : 'checking',
        lookupError: undefined,
        registerError: undefined,
        ...(problem ? { suggestions: [] } : {}),
      });
      if (problem) return;
      const id = checkId;
      timer = deps.clock.setTimeout(() => void check(label, id), NAME_CHECK_DEBOUNCE_MS);
    },
    async register() {
      const { name, registering } = store.getState();
      if (!name || registering) return false;
      cancel();
      store.setState({ registering: true, registerError: undefined });
      try {
        const address = deps.address();
        const provider = deps.authProvider();
        if (!address || !provider) throw new ModalError(messages.addressOrAuthConnectorNotFound);
        const coinType = coinTypeOf(deps.chainId(), messages);
        const body: RegisterNameMessage = { name, attributes: {}, timestamp: Math.floor(deps.clock.now() / 1000) };
        const message = JSON.stringify(body);
        const signature = (await provider.request({ method: 'personal_sign', params: [toHex(message), address] })) as `0x${string}`;
        try {
          await registerName(deps.api, { coin_type: coinType, address, message, signature });
        } catch (cause) {
          throw new ModalError(reasonOf(cause, name) ?? messages.errorRegisteringName(name), { cause });
        }
        store.setState({ registering: false, registered: name, availability: 'taken' });
        deps.onRegistered?.(name, address);
        return true;
      } catch (error) {
        // The service's reason and the spec's texts are kept; a wallet's failure is one sentence, its detail logged.
        if (!isUserRejection(error)) log('warn', 'Registering a name failed', error);
        const shown = isUserRejection(error) ? messages.requestRejected : error instanceof ModalError && !(error instanceof ProviderRpcError) ? error.shortMessage : messages.somethingWentWrong;
        store.setState({ registering: false, registerError: shown });
        return false;
      }
    },
    reset() {
      cancel();
      store.setState(initialState());
    },
    dispose() {
      cancel();
    },
  };
}

function toHex(text: string): `0x${string}` {
  return `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** Builds the names controller of a modal (`createControllers` does, once, as the lazy `names` member). */
export function createNamesFor(controllers: CoreControllers): NamesController {
  const { account, networks, connection } = controllers;
  const names = createNamesController({
    api: controllers.api,
    messages: messagesOf(controllers.options),
    clock: controllers.clock,
    zone: controllers.options.nameZone,
    address: () => account.getState().byNamespace.eip155.address,
    chainId: () => networks.getState().activeNetwork.id as number,
    authProvider: () => (connection.getState().connectorId === 'auth' ? connection.getProvider() : undefined),
    onRegistered: (name, address) => {
      if (account.getState().byNamespace.eip155.address === address) account.update('eip155', { profileName: name });
      // The identity cache (5 min) still holds "no name": read it again.
      void account.fetchIdentity(true);
    },
  });
  // Another account starts afresh (no half-typed name or success of the previous one).
  let address = account.getState().byNamespace.eip155.address;
  account.subscribe((state) => {
    if (state.byNamespace.eip155.address === address) return;
    address = state.byNamespace.eip155.address;
    names.reset();
  });
  return names;
}

/** The factory's convention: a lazy feature module exports `create(controllers)`. */
export { createNamesFor as create };
