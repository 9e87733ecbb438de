import { createComponent } from '@lit/react';
import React from 'react';
import { MbModal } from '../elements/modal/modal.js';

/** `<mb-modal>` for React (embedded placement; events `mb-request-close` -> `onRequestClose`). */
export const ModalElement = createComponent({
  tagName: 'mb-modal',
  elementClass: MbModal,
  react: React,
  events: { onRequestClose: 'mb-request-close' },
});
