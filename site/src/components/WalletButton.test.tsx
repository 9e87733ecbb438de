import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@minibot/modal/storage';
import { TEST_ADDRESS } from '../test/fakeModal.js';
import { fakeModal } from '../test/fakeModalReact.js';
import { shortenAddress, WalletButton } from './WalletButton.js';


beforeEach(() => {
  fakeModal.reset();
  localStorage.clear();
});

describe('WalletButton', () => {
  it("reads 'Connect Wallet' and opens the modal", () => {
    render(<WalletButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(fakeModal.open).toHaveBeenCalledTimes(1);
  });

  it("reads 'Connecting...' while the connection is pending", () => {
    fakeModal.setAccount({ isConnected: false, status: 'connecting' });
    render(<WalletButton />);
    expect(screen.getByRole('button').textContent).toBe('Connecting...');
  });

  it('shows the first 6 and last 4 characters of the address', () => {
    expect(shortenAddress(TEST_ADDRESS)).toBe('0x7099...79C8');
    fakeModal.setAccount({ address: TEST_ADDRESS, isConnected: true, status: 'connected' });
    render(<WalletButton />);
    expect(screen.getByRole('button', { name: '0x7099...79C8' })).toBeTruthy();
  });

  it('marks a wallet on another chain than the page\'s, and names it in the button\'s label', () => {
    fakeModal.setAccount({ address: TEST_ADDRESS, isConnected: true, status: 'connected', chainId: 56 });
    const { rerender } = render(<WalletButton />);
    expect(screen.getByRole('button', { name: '0x7099...79C8, Wrong network: switch to BSC Local' })).toBeTruthy();
    expect(screen.getByTestId('wrong-network-mark')).toBeTruthy();
    act(() => fakeModal.setAccount({ address: TEST_ADDRESS, isConnected: true, status: 'connected', chainId: 31337 }));
    rerender(<WalletButton />);
    expect(screen.getByRole('button', { name: '0x7099...79C8' })).toBeTruthy();
    expect(screen.queryByTestId('wrong-network-mark')).toBeNull();
  });

  it("opens a menu with 'Copy Address' (with feedback) and 'Disconnect'", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeModal.setAccount({ address: TEST_ADDRESS, isConnected: true, status: 'connected' });
    render(<WalletButton />);
    const toggle = screen.getByRole('button', { name: '0x7099...79C8' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Copy Address' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Copy Address' }));
    expect(await screen.findByText('Address copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(TEST_ADDRESS);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    });
    expect(fakeModal.disconnect).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it('closes the menu on a click outside it and on Escape', () => {
    fakeModal.setAccount({ address: TEST_ADDRESS, isConnected: true, status: 'connected' });
    render(<><WalletButton /><p>elsewhere</p></>);
    const toggle = screen.getByRole('button', { name: '0x7099...79C8' });
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Copy Address' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  describe('while a reload restores the stored session', () => {
    beforeEach(() => {
      localStorage.setItem(STORAGE_KEYS.connectorId, 'io.test.wallet');
      localStorage.setItem(STORAGE_KEYS.lastAddress, TEST_ADDRESS);
      fakeModal.setAccount({ isConnected: false, status: 'connecting' });
    });

    it("shows the stored short address at once, busy, never 'Connect Wallet'; a click opens the modal", () => {
      render(<WalletButton />);
      const button = screen.getByRole('button', { name: '0x7099...79C8' });
      expect(button.getAttribute('aria-busy')).toBe('true');
      fireEvent.click(button);
      expect(fakeModal.open).toHaveBeenCalledTimes(1);
      act(() => fakeModal.setAccount({ address: TEST_ADDRESS, isConnected: true, status: 'connected' }));
      expect(screen.getByRole('button', { name: '0x7099...79C8' }).getAttribute('aria-busy')).toBeNull();
    });

    it("reads 'Connecting...' when only the connector is stored", () => {
      localStorage.removeItem(STORAGE_KEYS.lastAddress);
      render(<WalletButton />);
      expect(screen.getByRole('button', { name: 'Connecting...' }).getAttribute('aria-busy')).toBe('true');
    });

    it("a restore that ends without a wallet shows 'Connect Wallet'; a later connect reads 'Connecting...', not the old address", () => {
      render(<WalletButton />);
      // Abandoned (the modal closed): the modal keeps its stored keys, the restore is over.
      act(() => fakeModal.setAccount({ isConnected: false, status: 'disconnected' }));
      expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
      act(() => fakeModal.setAccount({ isConnected: false, status: 'connecting' }));
      expect(screen.getByRole('button', { name: 'Connecting...' })).toBeTruthy();
    });
  });
});
