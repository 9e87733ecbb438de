// The wallet service (same origin as the frame): its JSON API, the chain's JSON-RPC behind /rpc, and the custody
// endpoints of issue 28 (one function each, typed as the design's HTTP section writes them).
import { FrameError, type FrameReason } from './errors.js';

/**
 * Calls the service: GET without a body, POST with one; a session call carries its token. An error carries the
 * service's English sentence (for the logger) and its `reason`, `minutes` and `seconds` (what the person reads: the modal's or
 * the panels' own sentence for it; a reason neither knows reads as a general sentence).
 */
export async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as { error?: string; reason?: unknown; minutes?: unknown; seconds?: unknown } | null;
  if (!response.ok) {
    const reason = typeof payload?.reason === 'string' && /^[a-zA-Z]{1,40}$/.test(payload.reason) ? (payload.reason as FrameReason) : undefined;
    const whole = (value: unknown) => (Number.isInteger(value) ? (value as number) : undefined);
    throw new FrameError(payload?.error ?? `HTTP status code: ${response.status}`, response.status === 401 ? 4100 : undefined, response.status, reason, whole(payload?.minutes), whole(payload?.seconds));
  }
  return payload as T;
}

export async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = (await api<{ result?: T; error?: { message: string; code?: number } }>('/rpc', { jsonrpc: '2.0', id: 1, method, params })) ?? {};
  if (response.error) throw new FrameError(response.error.message, response.error.code);
  return response.result as T;
}

// ---- custody ---------------------------------------------------------------------------------------------------
// The bodies and answers as the service defines them (types only: nothing of the service enters the frame).
export type { AddFactorRequest, CustodyBundle, DeviceInfo, LoginAnswer, RecoveryFactor, RotateRequest } from '../custody-types.js';
import type { AddFactorRequest, AuthSharePurpose, CustodyBundle, DevicesResponse, RotateRequest, Sealed } from '../custody-types.js';

export const getCustody = (token: string) => api<CustodyBundle>('/api/custody', undefined, token);
export const rotateSet = (token: string, body: RotateRequest) => api<{ setId: string }>('/api/custody/rotate', body, token);
export const fetchAuthShare = (token: string, purpose: AuthSharePurpose) => api<{ setId: string; authShare: string }>('/api/custody/auth-share', { purpose }, token);
export const addFactor = (token: string, body: AddFactorRequest) => api<unknown>('/api/custody/factors', body, token);
export const passwordWrap = (token: string, verifier: string) => api<{ wrap: Sealed }>('/api/custody/password', { verifier }, token);
export const listDevices = (token: string) => api<DevicesResponse>('/api/devices', undefined, token);
export const sendFreshCode = (token: string) => api<unknown>('/api/fresh/code', {}, token);
export const verifyFreshCode = (token: string, otp: string) => api<unknown>('/api/fresh/verify', { otp }, token);
