import { beforeAll, describe, expect, it } from 'vitest';
import { flush } from '../../core/testing.js';
import { emailFrame, loadLazyModules, NO_ANSWER, setup, USER } from './testing/embedded-setup.js';

beforeAll(loadLazyModules);

describe('approvals: the frame’s approval UI in ApproveTransaction', () => {
  it('reads go to the network RPC, signing opens ApproveTransaction and closes it after, other methods are refused', async () => {
    let resolveSign: (value: string) => void = () => {};
    const { embedded, settle, controllers, frame, fetch, clock } = setup(emailFrame(() => new Promise((resolve) => (resolveSign = resolve))));
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    await embedded.verifyOtp('123456');
    const provider = controllers.connection.getProvider()!;
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10');
    expect(fetch.requests.some((r) => r.url === 'http://127.0.0.1:9546' && r.body?.includes('eth_blockNumber'))).toBe(true);
    expect(frame.posted.some((p) => p.message.type === 'RpcRequest')).toBe(false);

    expect(controllers.modal.getState().open).toBe(false);
    const signing = provider.request({ method: 'personal_sign', params: ['0x68690a', USER.address] });
    await flush();
    const request = frame.posted.find((p) => p.message.type === 'RpcRequest')!.message;
    frame.approval(request.id, true);
    expect(controllers.modal.getState().open).toBe(true);
    expect(controllers.router.getState().view).toBe('ApproveTransaction');
    resolveSign('0xsignature');
    expect(await signing).toBe('0xsignature');
    expect(controllers.modal.getState().open).toBe(false);

    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200, message: 'Requested RPC call is not allowed' });
    await clock.advance(150);
    expect(controllers.toasts.getState()).toMatchObject({ open: true, variant: 'error', message: 'Action not allowed' });
    await expect(provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: USER.address, data: 'xyz' }] }] })).rejects.toMatchObject({
      message: 'call 0 needs data starting with 0x',
    });
  });

  it('closing the modal during an approval aborts the request', async () => {
    const { embedded, settle, controllers, frame } = setup(
      emailFrame(() => NO_ANSWER),
    );
    const connecting = embedded.connectEmail('ada@example.org');
    await settle();
    await connecting;
    await embedded.verifyOtp('123456');
    void controllers.connection.getProvider()!.request({ method: 'eth_sendTransaction', params: [{ to: USER.address }] }).catch(() => undefined);
    await flush();
    const request = frame.posted.find((p) => p.message.type === 'RpcRequest')!.message;
    frame.approval(request.id, true);
    controllers.modal.close();
    await flush();
    expect(frame.posted.at(-1)?.message).toMatchObject({ type: 'AbortRpcRequest', requestId: request.id });
  });
});
