import { createComponent } from '@lit/react';
import React from 'react';
import { MbConnectButton } from '../elements/connect-button/connect-button.js';

/**
 * `<mb-connect-button>` for React (its `client` property is set from props). A module of its own, without the modal's
 * element: the button is what a page shows before the first click, and the modal's shell loads when the button asks
 * the client for it (pointer enter, focus, press, or the click itself).
 */
export const ConnectButtonElement = createComponent({ tagName: 'mb-connect-button', elementClass: MbConnectButton, react: React });
