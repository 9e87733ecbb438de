import { describe, expect, it } from 'vitest';

// Server rendering: importing the elements in Node must not need or create a DOM, nor throw.
describe('element modules in Node (server rendering)', () => {
  it('import without a window, document or storage, and leave none behind', async () => {
    expect(typeof window).toBe('undefined');
    const button = await import('./connect-button/connect-button.js');
    const modal = await import('./modal/modal.js');
    const mount = await import('./modal/mount.js');
    const qr = await import('../ui/qr-code/qr-code.js');
    expect(typeof button.MbConnectButton).toBe('function');
    expect(typeof modal.MbModal).toBe('function');
    expect(typeof mount.mountModal).toBe('function');
    expect(qr.encodeQr('wc:test@2').size).toBeGreaterThanOrEqual(21);
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
  });
});
