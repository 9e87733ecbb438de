import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App, ConfigErrorBanner } from './App.js';
import { readSiteConfig } from './config.js';

describe('ConfigErrorBanner', () => {
  it('shows and logs a missing contract address', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { configError } = readSiteConfig({});
    render(<ConfigErrorBanner message={configError} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Configuration error: The presale contract address is not configured. Set VITE_CONTRACT_ADDRESS and restart the site.',
    );
    expect(logged).toHaveBeenCalledWith(`Configuration error: ${configError}`);
  });

  it('renders nothing when the configuration is fine', () => {
    const { container } = render(<ConfigErrorBanner message={undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('App routes', () => {
  it('goes to /terms from the footer and back home, scrolling to the top each time', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    window.history.replaceState(null, '', '/');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Minibot M1');
    scrollTo.mockClear();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Terms of Use' }));
    });
    expect(window.location.pathname).toBe('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    scrollTo.mockClear();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    });
    expect(window.location.pathname).toBe('/');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});
