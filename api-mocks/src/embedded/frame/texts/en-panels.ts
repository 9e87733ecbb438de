// The English labels of the frame's own panels (protect, recover, export, devices): in the custody half
// (`/custody-panels.js`) with the panels, not in the frame's first script. Other languages carry theirs in their
// module (`panels` of its catalogue).
import { plural } from './plural.js';

export const enPanels = {
  // protect
  protectIntro: 'Add a passkey so that you can open this wallet on a new device. Without it, this device alone can recover your wallet.',
  addPasskey: 'Add a passkey',
  usePassword: 'Use a recovery password instead',
  noPrf: 'This passkey cannot protect your recovery share. Choose a recovery password.',
  passwordLabel: 'Recovery password',
  passwordRepeat: 'Repeat the password',
  passwordRule: 'At least 12 characters.',
  passwordMismatch: 'The passwords do not match.',
  savePassword: 'Save password',
  notNow: 'Not now',
  protectDone: 'Your wallet is protected.',
  // recover
  recoverIntro: 'This device does not hold a share of your key yet. Unlock it with your passkey or your recovery password.',
  unlockPasskey: 'Unlock with your passkey',
  unlock: 'Unlock',
  noRecovery: 'No passkey or recovery password protects this wallet. Open it on the device where you created it.',
  // export
  exportIntro: 'Confirm it is you to reveal your private key.',
  confirmPasskey: 'Confirm with your passkey',
  sendCode: 'Send a code to my e-mail',
  codeLabel: 'Code from your e-mail',
  confirm: 'Confirm',
  exportWarning: 'Anyone with this key controls your wallet. Never share it and never paste it into a website.',
  reveal: 'Reveal private key',
  copy: 'Copy',
  copied: 'Copied',
  // devices
  devicesIntro: 'These devices hold a share of your key.',
  thisDevice: 'This device',
  lastUsed: 'Last used',
  removeDevice: 'Remove this device',
  removeConfirm: 'Confirm with your passkey or recovery password to remove the device.',
  deviceRemoved: 'The device was removed. Its share no longer works.',
  // shared
  cancel: 'Cancel',
  close: 'Close',
  // what the frame itself says in a panel's status line
  confirmFirst: 'Confirm with your passkey or recovery password first.',
  passkeyCancelled: 'The passkey request was cancelled.',
  noPrfUnlock: 'This passkey cannot unlock your wallet.',
  somethingWrong: 'Something went wrong. Please try again.',
  // a failure, by its reason (the service's or the frame's own key checks): what the status line says
  passwordWrong: 'This recovery password is not right.',
  passwordLocked: plural('en', { one: 'Too many wrong passwords: try again in # minute.', other: 'Too many wrong passwords: try again in # minutes.' }),
  passwordMissing: 'No recovery password is set for this wallet.',
  codeWrong: 'This code is not right.',
  codeExpired: 'This code has expired: ask for a new one.',
  codeLocked: plural('en', { one: 'Too many wrong codes: try again in # minute.', other: 'Too many wrong codes: try again in # minutes.' }),
  keySetChanged: 'Your key just changed on another device, so please try again.',
  noDeviceShare: 'This device holds no share of your key.',
  deviceShareUnreadable: 'This device can no longer open its share of your key.',
  deviceLocked: 'Unlock this device with your passkey or recovery password first.',
  confirmItIsYou: 'Confirm it is you first.',
  passkeyExpired: 'This passkey request expired: please try again.',
  passkeyNotVerified: 'This passkey could not be verified.',
  passkeyUnknown: 'This passkey is not registered with this wallet.',
  signedOut: 'Your session has ended: please sign in again.',
  tooSoon: plural('en', { one: 'Please try again in # second.', other: 'Please try again in # seconds.' }),
};

/** The labels of the frame's panels in one language (a text, or a function of the minutes or seconds to wait). */
export type PanelTexts = { [K in keyof typeof enPanels]: (typeof enPanels)[K] extends string ? string : (count: number) => string };
