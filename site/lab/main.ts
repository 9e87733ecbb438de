import { controllersOf, createModal, defineConnectButton, defineSolanaNetwork, type ModalClient, type ModalOptions, type ViewName } from '@minibot/modal';
import manifest from 'virtual:mb-custom-elements';
import { viewTags } from '../../modal/src/views/registry.js';
import { siteConfig } from '../src/config.js';
import { modalNetworks } from '../src/modal.js';
import { renderDocs } from './docs.js';
import { FEATURE_NAMES, LOCALES, loadLocale, modalOptionsOf, readChoices, viewNames, type LabChoices } from './options.js';
import './lab.css';

const choices = readChoices(window.location.search);
document.documentElement.dataset.theme = choices.theme;

/** The Solana cluster `VITE_SOLANA_CHAIN_ID` names (the local one of `npm start`), read through the Blockchain API. */
function solanaNetworks(): ModalOptions['networks'] {
  const chainId = import.meta.env.VITE_SOLANA_CHAIN_ID as `solana:${string}` | undefined;
  if (!chainId || !siteConfig.apiUrl) return [];
  const rpcUrl = `${siteConfig.apiUrl}/v1?${new URLSearchParams({ chainId, projectId: siteConfig.projectId })}`;
  return [defineSolanaNetwork({ caipNetworkId: chainId, name: 'Solana Local', rpcUrl, testnet: true })];
}

/** The presale page's services (VITE_* variables), so every connector works as it does there. */
function baseOptions(): ModalOptions {
  const config = siteConfig;
  return {
    projectId: config.projectId,
    networks: [...modalNetworks(config), ...solanaNetworks()],
    metadata: { name: 'Minibot modal lab', description: 'Every view and option of the modal', url: window.location.origin, icons: [`${window.location.origin}/media/logo.svg`] },
    apiUrls: {
      ...(config.apiUrl ? { blockchainApi: config.apiUrl } : {}),
      ...(config.directoryUrl ? { walletDirectory: config.directoryUrl, analytics: config.directoryUrl } : {}),
      ...(config.relayUrl ? { relay: config.relayUrl } : {}),
      ...(config.embeddedWalletUrl ? { embeddedWallet: config.embeddedWalletUrl } : {}),
    },
    ...(config.preset.nameZone ? { nameZone: config.preset.nameZone } : {}),
  };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function radios(legend: string, name: string, options: Record<string, string>, value: string): HTMLFieldSetElement {
  return el(
    'fieldset',
    {},
    el('legend', {}, legend),
    ...Object.entries(options).map(([key, label]) => el('label', {}, el('input', { type: 'radio', name, value: key, checked: key === value }), label)),
  );
}

function checkbox(name: string, label: string, checked: boolean, value = 'on'): HTMLLabelElement {
  return el('label', {}, el('input', { type: 'checkbox', name, value, checked }), label);
}

/** The options form: each change reloads the page with the new query string, so each set of options gets a fresh modal. */
function renderForm(form: HTMLFormElement, current: LabChoices, emailAvailable: boolean) {
  const accent = el('input', { type: 'color', name: 'accent', value: current.accent ?? '#9a5c00' });
  form.append(
    el('h2', { id: 'options-title' }, 'Options'),
    el('input', { type: 'hidden', name: 'applied', value: '1' }),
    radios('Theme', 'theme', { light: 'Light', dark: 'Dark' }, current.theme),
    el('fieldset', {}, el('legend', {}, 'Accent'), checkbox('customAccent', 'Custom accent colour', current.accent !== undefined), el('label', {}, accent, 'Colour')),
    radios('Language', 'locale', LOCALES, current.locale),
    el('fieldset', {}, el('legend', {}, 'Layout'), checkbox('embedded', 'Embedded (inline, no close button)', current.embedded)),
    el('fieldset', {}, el('legend', {}, 'Features'), ...FEATURE_NAMES.map((name) => checkbox('feature', name, current.features[name], name))),
    radios('Sign in with X (SIWX)', 'siwx', { off: 'Off', optional: 'Optional', required: 'Required' }, current.siwx),
    radios('SIWX sessions stored', 'siwxStorage', { local: 'In the browser (local)', server: 'By the sign-in service (server)' }, current.siwxStorage),
    el(
      'fieldset',
      {},
      el('legend', {}, 'Connectors'),
      checkbox('injected', 'Browser wallets (EIP-6963)', current.injected),
      checkbox('walletConnect', 'WalletConnect (local relay)', current.walletConnect),
      checkbox('email', emailAvailable ? 'E-mail and social login (embedded wallet)' : 'E-mail login (VITE_EMBEDDED_WALLET_URL is not set)', current.email && emailAvailable),
    ),
    el('button', { type: 'submit' }, 'Apply'),
  );
  form.addEventListener('change', (event) => {
    if (event.target === accent) return;
    form.requestSubmit();
  });
  accent.addEventListener('input', () => {
    const custom = form.elements.namedItem('customAccent') as HTMLInputElement;
    custom.checked = true;
    applyAccent(accent.value);
    history.replaceState(null, '', `?${new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()}`);
  });
}

function applyAccent(accent: string | undefined) {
  if (accent) document.documentElement.style.setProperty('--mb-color-accent', accent);
  else document.documentElement.style.removeProperty('--mb-color-accent');
}

function renderViews(list: HTMLElement, modal: ModalClient, views: ViewName[]) {
  list.append(
    ...views.map((view) =>
      el('li', {}, el('button', { type: 'button', onclick: () => void modal.open({ view }) }, view)),
    ),
  );
}

function showState(output: HTMLOutputElement, modal: ModalClient) {
  let view: string = '-';
  let open = false;
  const render = () => {
    const account = modal.getAccount();
    // An EVM account, a Solana account, or both (a Solana-only session has no EVM address).
    const addresses = [account.address, account.solana && `${account.solana.address} (Solana)`].filter(Boolean);
    output.value = `${addresses.length ? `Connected: ${addresses.join(', ')}` : 'Not connected'} · view ${view} · ${open ? 'open' : 'closed'}`;
  };
  modal.subscribeState((state) => {
    view = state.view;
    open = state.open;
    render();
  });
  modal.subscribeAccount(render);
  render();
}

async function main() {
  const base = baseOptions();
  renderForm(document.getElementById('options') as HTMLFormElement, choices, Boolean(base.apiUrls?.embeddedWallet));
  applyAccent(choices.accent);
  const locale = await loadLocale(choices.locale);
  const modal = createModal(modalOptionsOf(choices, base, locale));
  await defineConnectButton();
  if (choices.embedded) {
    // Embedded mode: the page places <mb-modal> and binds it to the client (README: mountModal).
    const { mountModal } = await import('@minibot/modal/modal');
    const inline = document.createElement('mb-modal');
    inline.setAttribute('embedded', '');
    document.getElementById('embedded-slot')!.append(inline);
    mountModal(controllersOf(modal)!);
  }
  renderViews(document.getElementById('views')!, modal, viewNames(viewTags));
  showState(document.getElementById('state') as HTMLOutputElement, modal);
  renderDocs(document.getElementById('docs')!, manifest);
  document.body.dataset.ready = 'true';
}

void main();
