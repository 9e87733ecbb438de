import { lazy, Suspense, type ComponentProps } from 'react';
import type { ConnectButtonElement, ModalElement } from './element-components.js';
import { useContext } from 'react';
import { ModalClientContext } from './context.js';

// The wrappers load the elements (lit and the modal shell) as a lazy chunk: a React app that uses only the hooks
// pays nothing for them, and importing this module touches no DOM.
const LazyConnectButton = lazy(() => import('./element-components.js').then((m) => ({ default: m.ConnectButtonElement })));
const LazyModal = lazy(() => import('./element-components.js').then((m) => ({ default: m.ModalElement })));

export type ConnectButtonProps = ComponentProps<typeof ConnectButtonElement>;
export type ModalProps = ComponentProps<typeof ModalElement>;

/** `<mb-connect-button>` (made with @lit/react createComponent); uses the provider's client unless `client` is given. */
export function ConnectButton(props: ConnectButtonProps) {
  const client = useContext(ModalClientContext);
  return (
    <Suspense fallback={null}>
      <LazyConnectButton client={client} {...props} />
    </Suspense>
  );
}

/** `<mb-modal>` (made with @lit/react createComponent), e.g. for embedded mode. */
export function Modal(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <LazyModal {...props} />
    </Suspense>
  );
}
