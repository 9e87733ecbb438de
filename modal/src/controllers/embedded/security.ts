import type { EmbeddedPanel, EmbeddedSecurity } from '../../api/embedded-protocol.js';
import type { ViewName } from '../../core/view-name.js';
import { EmbeddedWalletError } from '../../connectors/embedded/runtime.js';

/** EIP-1193: the visitor rejected the request (cancelled it in the frame). */
export const USER_REJECTED_CODE = 4001;

/** True when the visitor cancelled in the frame (a passkey ceremony, a consent): nothing to show. */
export function isUserRejected(error: unknown): boolean {
  return error instanceof EmbeddedWalletError && error.code === USER_REJECTED_CODE;
}

/** The view that shows each of the frame's panels. */
export const PANEL_VIEWS: Record<EmbeddedPanel, ViewName> = {
  protect: 'EmbeddedWalletProtect',
  recover: 'EmbeddedWalletRecover',
  export: 'EmbeddedWalletExport',
  devices: 'EmbeddedWalletDevices',
};

/** How a session came to the modal: a login (by passkey or otherwise), or a restore after a reload. */
export type LoginKind = 'passkey' | 'login' | 'restore';

/**
 * What has to happen before a logged-in user counts as connected:
 * - 'recover': this device holds no share of the key: the recover panel must finish first;
 * - 'protect': nothing protects the recovery share, or (after a login other than by passkey) no passkey exists:
 *   the protect panel is offered once per login (a restore is no new login);
 * - undefined: connect at once.
 */
export function securityGate(security: EmbeddedSecurity | undefined, kind: LoginKind): 'recover' | 'protect' | undefined {
  if (!security) return undefined;
  if (security.state === 'recover') return 'recover';
  if (kind === 'restore') return undefined;
  if (security.state === 'protect' || (kind !== 'passkey' && security.passkeys === 0)) return 'protect';
  return undefined;
}
