import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UserRejectedRequestError } from 'viem';
import { createFakeClient, TEST_ADDRESS, TEST_HASH } from '../test/fakeModal.js';
import { fakeModal } from '../test/fakeModalReact.js';
import { STORAGE_KEYS } from '@minibot/modal/storage';
import { Hero } from './Hero.js';
import { siteConfig } from '../config.js';
import { mintMessages } from '../content.js';


const connected = { address: TEST_ADDRESS, isConnected: true, status: 'connected' as const, chainId: 31337 };

function mintArea() {
  return screen.getByRole('region', { name: 'Mint your presale pass' });
}

/** Makes the client's price() read answer with `answer` (the other reads as before). */
function readPriceWith(answer: () => Promise<bigint>) {
  const read = fakeModal.client.publicClient.readContract.getMockImplementation()!;
  fakeModal.client.publicClient.readContract.mockImplementation(async (request) => (request.functionName === 'price' ? answer() : read(request)));
}

beforeEach(() => {
  fakeModal.reset(createFakeClient({ chainId: 31337, price: 10n ** 17n }));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('Hero', () => {
  it("while a reload restores the stored session: 'Checking NFT ownership...', no connect button", () => {
    localStorage.setItem(STORAGE_KEYS.connectorId, 'io.test.wallet');
    localStorage.setItem(STORAGE_KEYS.lastAddress, TEST_ADDRESS);
    fakeModal.setAccount({ isConnected: false, status: 'connecting' });
    try {
      render(<Hero />);
      expect(within(mintArea()).getByRole('status').textContent).toBe('Checking NFT ownership...');
      expect(within(mintArea()).queryByRole('button')).toBeNull();
    } finally {
      localStorage.clear();
    }
  });

  it("shows the badge, the headline and 'Loading...' then the price followed by BNB", async () => {
    let release!: () => void;
    readPriceWith(() => new Promise((resolve) => (release = () => resolve(25n * 10n ** 16n))));
    render(<Hero />);
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText('Presale now open · Limited supply')).toBeTruthy();
    expect(screen.getByTestId('price').textContent).toBe('Loading...');
    await waitFor(() => expect(release).toBeTypeOf('function'));
    expect(screen.getByTestId('price').textContent).toBe('Loading...');
    await act(async () => release());
    expect(screen.getByTestId('price').textContent).toBe('0.25 BNB');
  });

  it("shows 'Price not available' when the price cannot be read (and logs why)", async () => {
    readPriceWith(async () => {
      throw new Error('HTTP status code: 502');
    });
    render(<Hero />);
    await waitFor(() => expect(screen.getByTestId('price').textContent).toBe('Price not available'));
    expect(console.error).toHaveBeenCalledWith('Price lookup failed', expect.any(Error));
  });

  it('not connected: a connect button only, which opens the modal', () => {
    render(<Hero />);
    const area = within(mintArea());
    const buttons = area.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0].textContent).toBe('Connect Wallet');
    expect(area.queryByRole('checkbox')).toBeNull();
    fireEvent.click(buttons[0]);
    expect(fakeModal.open).toHaveBeenCalledTimes(1);
  });

  it("connected: 'Checking NFT ownership...' while the check runs", async () => {
    fakeModal.client.publicClient.readContract.mockImplementation(async ({ functionName }) =>
      functionName === 'price' ? 10n ** 17n : new Promise(() => {}),
    );
    fakeModal.setAccount(connected);
    render(<Hero />);
    expect(await within(mintArea()).findByText('Checking NFT ownership...')).toBeTruthy();
  });

  it("owner: 'You are a minibot owner!', 'Mint More' and 'View on Magic Eden' to the owned item", async () => {
    fakeModal.client.state.balance = 2n;
    fakeModal.client.state.tokenId = 5n;
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    expect(await area.findByText('You are a minibot owner!')).toBeTruthy();
    expect(area.getByRole('button', { name: 'Mint More' })).toBeTruthy();
    expect(area.getByText('You own 2 passes')).toBeTruthy();
    const link = area.getByRole('link', { name: 'View on Magic Eden' });
    expect(link.getAttribute('href')).toBe(
      'https://marketplace.test/item-details/bsc/0x5FbDB2315678afecb367f032d93F642f64180aa3/5',
    );
    expect(fakeModal.client.publicClient.readContract).toHaveBeenCalledWith(
      expect.objectContaining({ functionName: 'tokenOfOwnerByIndex', args: [TEST_ADDRESS, 0n] }),
    );
  });

  it('a wallet on another chain: the mint area says that minting first asks to switch to the configured chain', async () => {
    fakeModal.setAccount({ ...connected, chainId: 56 });
    render(<Hero />);
    const area = within(mintArea());
    await area.findByRole('button', { name: 'Mint NFT' });
    expect(area.getByText('Your wallet is on another network. Minting first asks it to switch to BSC Local.')).toBeTruthy();
  });

  it("non-owner: 'Mint NFT' disabled until the terms (linking to /terms) are ticked; a click explains why", async () => {
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    const mint = await area.findByRole('button', { name: 'Mint NFT' });
    expect(mint.getAttribute('aria-disabled')).toBe('true');
    expect(area.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/terms');
    fireEvent.click(mint);
    expect(await area.findByText('Please accept the terms of use before minting')).toBeTruthy();
    expect(fakeModal.client.walletClient.writeContract).not.toHaveBeenCalled();
    fireEvent.click(area.getByRole('checkbox'));
    expect(mint.getAttribute('aria-disabled')).toBeNull();
  });

  it("mints: 'Minting...' (disabled), then 'NFT minted successfully!', 'Transaction:' with the explorer link, and 'Mint More'", async () => {
    let confirm!: () => void;
    fakeModal.client.publicClient.waitForTransactionReceipt.mockImplementation(
      () => new Promise((resolve) => (confirm = () => resolve({ status: 'success', transactionHash: TEST_HASH }))),
    );
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    fireEvent.click(await area.findByRole('checkbox'));
    fireEvent.click(area.getByRole('button', { name: 'Mint NFT' }));
    const pending = await area.findByRole('button', { name: 'Minting...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    fakeModal.client.state.balance = 1n;
    await act(async () => confirm());
    expect(await area.findByText('NFT minted successfully!')).toBeTruthy();
    expect(area.getByText(/Transaction:/)).toBeTruthy();
    const tx = area.getByRole('link', { name: /^0x/ });
    expect(tx.getAttribute('href')).toBe(`http://127.0.0.1:9/explorer/tx/${TEST_HASH}`);
    expect(area.getByText('You are a minibot owner!')).toBeTruthy();
    expect(area.getByRole('button', { name: 'Mint More' })).toBeTruthy();
  });

  it('a rejected transaction leaves no message', async () => {
    fakeModal.client.walletClient.writeContract.mockRejectedValue(new UserRejectedRequestError(new Error('rejected')));
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    fireEvent.click(await area.findByRole('checkbox'));
    fireEvent.click(area.getByRole('button', { name: 'Mint NFT' }));
    await waitFor(() => expect(area.getByRole('button', { name: 'Mint NFT' })).toBeTruthy());
    expect(area.queryByRole('alert')).toBeNull();
  });

  it('an ownership check failure is logged and flagged, never shown in the hero (treated as non-owner)', async () => {
    fakeModal.client.publicClient.readContract.mockImplementation(async ({ functionName }) => {
      if (functionName === 'price') return 10n ** 17n;
      throw new Error('RPC down');
    });
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    expect(await area.findByRole('button', { name: 'Mint NFT' })).toBeTruthy();
    // Logged from an effect, which may run after the render that shows the button.
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('NFT ownership check failed', expect.any(Error)));
    expect(screen.queryByText(/RPC down/)).toBeNull();
  });

  it('re-runs the ownership check when the address changes and returns to connect on disconnect', async () => {
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    await area.findByRole('button', { name: 'Mint NFT' });
    fakeModal.client.state.balance = 1n;
    act(() => fakeModal.setAccount({ ...connected, address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }));
    expect(await area.findByText('You are a minibot owner!')).toBeTruthy();
    act(() => fakeModal.setAccount({ isConnected: false, status: 'disconnected' }));
    expect(area.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
  });
});

describe('Hero under faults', () => {
  it('retries a failed price read and shows the price once the node answers, without a reload', async () => {
    let failures = 2;
    const priceReads = vi.fn(async () => {
      if (failures-- > 0) throw new Error('HTTP status code: 500');
      return 3n * 10n ** 16n;
    });
    readPriceWith(priceReads);
    render(<Hero />);
    await waitFor(() => expect(screen.getByTestId('price').textContent).toBe('Price not available'));
    await waitFor(() => expect(screen.getByTestId('price').textContent).toBe('0.03 BNB'), { timeout: 5000 });
    expect(priceReads).toHaveBeenCalledTimes(3);
  });

  it('retries a failed ownership check and recognises the owner once the node answers', async () => {
    let failures = 1;
    fakeModal.client.state.balance = 1n;
    const read = fakeModal.client.publicClient.readContract.getMockImplementation()!;
    fakeModal.client.publicClient.readContract.mockImplementation(async (request) => {
      if (request.functionName === 'balanceOf' && failures-- > 0) throw new Error('RPC down');
      return read(request);
    });
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    expect(await area.findByRole('button', { name: 'Mint NFT' })).toBeTruthy();
    expect(await area.findByText('You are a minibot owner!', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('a mint the wallet never answers ends when the wallet disconnects; after reconnecting the next mint is sent', async () => {
    fakeModal.client.walletClient.writeContract.mockImplementationOnce(() => new Promise(() => {}));
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    fireEvent.click(await area.findByRole('checkbox'));
    fireEvent.click(area.getByRole('button', { name: 'Mint NFT' }));
    await area.findByRole('button', { name: 'Minting...' });
    act(() => fakeModal.setAccount({ isConnected: false, status: 'disconnected' }));
    expect(area.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    act(() => fakeModal.setAccount(connected));
    const mint = await area.findByRole('button', { name: 'Mint NFT' });
    expect((mint as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(mint);
    expect(await area.findByText('NFT minted successfully!')).toBeTruthy();
    expect(fakeModal.client.walletClient.writeContract).toHaveBeenCalledTimes(2);
  });

  it("a pending mint ends with the incorrect-chain text when the wallet moves to another chain; a late hash changes nothing", async () => {
    let answer!: (hash: typeof TEST_HASH) => void;
    fakeModal.client.walletClient.writeContract.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fakeModal.setAccount(connected);
    render(<Hero />);
    const area = within(mintArea());
    fireEvent.click(await area.findByRole('checkbox'));
    fireEvent.click(area.getByRole('button', { name: 'Mint NFT' }));
    await area.findByRole('button', { name: 'Minting...' });
    act(() => fakeModal.setAccount({ ...connected, chainId: 56 }));
    expect((await area.findByRole('alert')).textContent).toBe(mintMessages.incorrectChain(siteConfig.preset.label));
    expect((area.getByRole('button', { name: 'Mint NFT' }) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => answer(TEST_HASH));
    expect(area.queryByText('NFT minted successfully!')).toBeNull();
    expect(area.getByRole('alert').textContent).toBe(mintMessages.incorrectChain(siteConfig.preset.label));
  });
});
