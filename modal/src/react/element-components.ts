import { createComponent } from '@lit/react';
import React from 'react';
import { MbConnectButton } from '../elements/connect-button/connect-button.js';
import { MbModal } from '../elements/modal/modal.js';

/** `<mb-connect-button>` for React (its `client` property is set from props). */
export const ConnectButtonElement = createComponent({ tagName: 'mb-connect-button', elementClass: MbConnectButton, react: React });

/** `<mb-modal>` for React (embedded placement; events `mb-request-close` -> `onRequestClose`). */
export const ModalElement = createComponent({
  tagName: 'mb-modal',
  elementClass: MbModal,
  react: React,
  events: { onRequestClose: 'mb-request-close' },
});
