import { lazy, Suspense, type ComponentProps } from 'react';
import type { ConnectButtonElement } from './connect-button-component.js';
import type { ModalElement } from './modal-component.js';
import { useContext } from 'react';
import { ModalClientContext } from './context.js';

// The wrappers load the elements as lazy chunks: a React app that uses only the hooks pays nothing for them, and
// importing this module touches no DOM. Each wrapper loads its own element only: a page with <ConnectButton /> loads
// the button, and the modal's shell comes when the button announces a likely click (hover, focus or press) or on the
// click itself, which waits for it, as <mb-connect-button> does without React.
const LazyConnectButton = lazy(() => import('./connect-button-component.js').then((m) => ({ default: m.ConnectButtonElement })));
const LazyModal = lazy(() => import('./modal-component.js').then((m) => ({ default: m.ModalElement })));

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
