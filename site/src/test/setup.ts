import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// The modal's real contract hooks (re-exported by fakeModalReact.tsx) read the client from its context module: here it
// is the fake client the test steers, so that <Hero /> renders without a provider.
vi.mock('../../../modal/src/react/context.ts', async () => {
  const { createContext } = await import('react');
  const { activeFake } = await import('./fakeModal.js');
  return { ModalClientContext: createContext(undefined), useModalClient: () => activeFake.client };
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
