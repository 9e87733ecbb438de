import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_ADDRESS } from '../test/fakeModal.js';
import { fakeModal } from '../test/fakeModalReact.js';
import { shortenAddress, WalletButton } from './WalletButton.js';


beforeEach(() => fakeModal.reset());

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
});
