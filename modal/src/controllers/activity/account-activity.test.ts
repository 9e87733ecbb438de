import { describe, expect, it, vi } from 'vitest';
import type { ModalControllers } from '../bag.js';
import { notifyAccountActivity, onAccountActivity } from './account-activity.js';

describe('account activity signal (swap and buy -> Account hub)', () => {
  it('reaches the listeners of the same modal only, until they unsubscribe', () => {
    const modalA = {} as ModalControllers;
    const modalB = {} as ModalControllers;
    const hubA = vi.fn();
    const hubB = vi.fn();
    const offA = onAccountActivity(modalA, hubA);
    onAccountActivity(modalB, hubB);
    notifyAccountActivity(modalA);
    expect(hubA).toHaveBeenCalledTimes(1);
    expect(hubB).not.toHaveBeenCalled();
    offA();
    notifyAccountActivity(modalA);
    expect(hubA).toHaveBeenCalledTimes(1);
  });

  it('is harmless when no hub listens yet', () => {
    expect(() => notifyAccountActivity({} as ModalControllers)).not.toThrow();
  });
});
