import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Video } from './Video.js';

describe('Video', () => {
  it('plays and pauses on a click and resets the play state at the end', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {});
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValueOnce(true).mockReturnValueOnce(false);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    render(<Video />);
    await act(async () => fireEvent.click(screen.getByLabelText('Minibot M1 promo video')));
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pause video' })));
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
    fireEvent.play(screen.getByLabelText('Minibot M1 promo video'));
    expect(screen.getByRole('button', { name: 'Pause video' })).toBeTruthy();
    fireEvent.ended(screen.getByLabelText('Minibot M1 promo video'));
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
  });

  it('only logs a playback or fullscreen failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockReturnValue(true);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotAllowedError'));
    Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
      configurable: true,
      value: () => Promise.reject(new Error('fullscreen denied')),
    });
    render(<Video />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play video' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Enter fullscreen' })));
    expect(logged).toHaveBeenCalledWith('Video playback failed', expect.any(Error));
    expect(logged).toHaveBeenCalledWith('Fullscreen toggle failed', expect.any(Error));
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
