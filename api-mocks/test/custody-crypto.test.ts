import { bytesToHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  combineKey,
  createDeviceKeyPair,
  decryptRecovery,
  devicePublicKey,
  encryptRecovery,
  fromBase64Url,
  makeSet,
  manifestText,
  newAccountKey,
  newRecoveryKey,
  openDeviceShare,
  passwordKeys,
  prfWrapKey,
  sealToDevice,
  sha256Hex,
  signManifest,
  splitKey,
  toBase64Url,
  unwrapRecoveryKey,
  verifyManifest,
  wrapRecoveryKey,
  type Manifest,
} from '../src/embedded/frame/custody.js';

// The wallet frame's key custody (issue 28), with Node's WebCrypto: what opens, what does not.
const copy = (bytes: Uint8Array) => new Uint8Array(bytes);

describe('custody crypto', () => {
  it('base64url round trip', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(77));
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
  });

  it('any two shares of a set rebuild the key; shares of two sets do not', async () => {
    const { k, account } = newAccountKey();
    const hex = bytesToHex(k);
    const first = await splitKey(k, 2);
    const second = await splitKey(k, 2);
    const all = [first.auth, first.recovery, ...first.devices];
    expect(all).toHaveLength(4);
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(await combineKey(copy(all[i]), copy(all[j]), account.address)).toBe(hex);
    await expect(combineKey(copy(first.auth), copy(second.devices[0]), account.address)).rejects.toThrow('do not belong together');
    await expect(combineKey(copy(second.recovery), copy(first.devices[1]), account.address)).rejects.toThrow('do not belong together');
  });

  it('combine wipes the shares it used', async () => {
    const { k, account } = newAccountKey();
    const { auth, recovery } = await splitKey(k, 1);
    await combineKey(auth, recovery, account.address);
    expect(auth.every((b) => b === 0) && recovery.every((b) => b === 0)).toBe(true);
  });

  it('a device share opens only with its device key, set and id', async () => {
    const device = await createDeviceKeyPair();
    const other = await createDeviceKeyPair();
    expect(device.privateKey.extractable).toBe(false);
    const share = crypto.getRandomValues(new Uint8Array(33));
    const blob = await sealToDevice(share, await devicePublicKey(device), 'set-1', 'device-1');
    expect(Object.keys(JSON.parse(blob) as object)).toEqual(['epk', 'iv', 'data']);
    expect(await openDeviceShare(blob, device.privateKey, 'set-1', 'device-1')).toEqual(share);
    await expect(openDeviceShare(blob, other.privateKey, 'set-1', 'device-1')).rejects.toThrow('cannot open');
    await expect(openDeviceShare(blob, device.privateKey, 'set-2', 'device-1')).rejects.toThrow('cannot open');
    await expect(openDeviceShare(blob, device.privateKey, 'set-1', 'device-2')).rejects.toThrow('cannot open');
  });

  it('the recovery share opens under Kr for its account and set only', async () => {
    const kr = newRecoveryKey();
    const share = crypto.getRandomValues(new Uint8Array(33));
    const address = newAccountKey().account.address;
    const ciphertext = await encryptRecovery(share, kr, address, 'set-1');
    expect(await decryptRecovery(ciphertext, kr, address, 'set-1')).toEqual(share);
    await expect(decryptRecovery(ciphertext, newRecoveryKey(), address, 'set-1')).rejects.toThrow();
    await expect(decryptRecovery(ciphertext, kr, address, 'set-2')).rejects.toThrow();
  });

  it('Kr wrapped by a password unwraps with that password only', async () => {
    const kr = newRecoveryKey();
    const address = newAccountKey().account.address;
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const right = await passwordKeys('correct horse battery', salt);
    expect(right.wrapKey).toHaveLength(32);
    expect(right.verifier).toHaveLength(32);
    const wrap = await wrapRecoveryKey(kr, right.wrapKey, address);
    const again = await passwordKeys('correct horse battery', salt);
    expect(again.verifier).toEqual(right.verifier);
    expect(await unwrapRecoveryKey(wrap, again.wrapKey, address)).toEqual(kr);
    const wrong = await passwordKeys('correct horse battery!', salt);
    expect(wrong.verifier).not.toEqual(right.verifier);
    await expect(unwrapRecoveryKey(wrap, wrong.wrapKey, address)).rejects.toThrow('does not unlock');
    // NFKC: the same password typed with a composed or decomposed accent is the same password. The text is normalized
    // before the KDF runs, so a cheap setting of the same KDF shows it (each run of the real one costs over a second).
    const cheap = { alg: 'argon2id', m: 64, t: 1, p: 1 } as const;
    const composed = await passwordKeys('caf\u00e9 au lait 123', salt, cheap);
    expect(composed.verifier).toEqual((await passwordKeys('cafe\u0301 au lait 123', salt, cheap)).verifier);
    expect(composed.verifier).not.toEqual((await passwordKeys('cafe au lait 123', salt, cheap)).verifier);
  }, 30_000);

  it('Kr wrapped by PRF output unwraps with the same output and credential only', async () => {
    const kr = newRecoveryKey();
    const address = newAccountKey().account.address;
    const prf = crypto.getRandomValues(new Uint8Array(32));
    const wrap = await wrapRecoveryKey(kr, await prfWrapKey(prf, 'cred-1'), address);
    expect(await unwrapRecoveryKey(wrap, await prfWrapKey(copy(prf), 'cred-1'), address)).toEqual(kr);
    await expect(unwrapRecoveryKey(wrap, await prfWrapKey(crypto.getRandomValues(new Uint8Array(32)), 'cred-1'), address)).rejects.toThrow();
    await expect(unwrapRecoveryKey(wrap, await prfWrapKey(prf, 'cred-2'), address)).rejects.toThrow();
    await expect(unwrapRecoveryKey(wrap, await prfWrapKey(prf, 'cred-1'), newAccountKey().account.address)).rejects.toThrow();
  });

  it('a manifest verifies as signed; a changed field or another signer fails', async () => {
    const { account } = newAccountKey();
    const device = await createDeviceKeyPair();
    const blob = await sealToDevice(new Uint8Array(33), await devicePublicKey(device), 'set-1', 'device-1');
    const manifest: Manifest = {
      v: 1,
      account: account.address,
      setId: 'set-1',
      previousSetId: null,
      createdAt: 1_700_000_000_000,
      authShareHash: await sha256Hex(new Uint8Array(33)),
      recoveryHash: null,
      devices: [{ id: 'device-1', publicKey: await devicePublicKey(device), label: 'Chrome on Linux', addedAt: 1_700_000_000_000, shareHash: await sha256Hex(blob) }],
    };
    const text = manifestText(manifest);
    const signature = await signManifest(text, account);
    expect(await verifyManifest(text, signature, account.address)).toEqual(manifest);
    const edited = manifestText({ ...manifest, devices: [...manifest.devices, { ...manifest.devices[0], id: 'device-2' }] });
    await expect(verifyManifest(edited, signature, account.address)).rejects.toThrow('not signed');
    await expect(verifyManifest(manifestText({ ...manifest, recoveryHash: 'ab' }), signature, account.address)).rejects.toThrow('not signed');
    const stranger = newAccountKey().account;
    await expect(verifyManifest(text, await signManifest(text, stranger), account.address)).rejects.toThrow('not signed');
    // Signed by its own key but naming another account: not this account's manifest.
    const foreign = manifestText({ ...manifest, account: stranger.address });
    await expect(verifyManifest(foreign, await signManifest(foreign, stranger), account.address)).rejects.toThrow('not signed');
  });

  it('a new set: the signed manifest names every device; a device share with the auth share or the recovery share rebuilds the key', async () => {
    const { k, account } = newAccountKey();
    const hex = bytesToHex(k);
    const [laptop, phone] = [await createDeviceKeyPair(), await createDeviceKeyPair()];
    const devices = [
      { id: 'laptop', publicKey: await devicePublicKey(laptop), label: 'Chrome on Linux', addedAt: 1 },
      { id: 'phone', publicKey: await devicePublicKey(phone), label: 'Safari on iOS', addedAt: 2 },
    ];
    const kr = newRecoveryKey();
    const set = await makeSet({ k, account, previousSetId: 'set-0', devices, kr });
    const { manifest, request } = set;
    expect(await verifyManifest(request.manifest, request.signature, account.address)).toEqual(manifest);
    expect(manifest).toMatchObject({ account: account.address, setId: set.setId, previousSetId: 'set-0', authShareHash: await sha256Hex(fromBase64Url(request.authShare)), recoveryHash: await sha256Hex(request.recovery!) });
    expect(manifest.devices.map(({ id, label }) => [id, label])).toEqual([['laptop', 'Chrome on Linux'], ['phone', 'Safari on iOS']]);
    for (const device of manifest.devices) expect(device.shareHash).toBe(await sha256Hex(request.deviceShares[device.id]));
    const phoneShare = await openDeviceShare(request.deviceShares.phone, phone.privateKey, set.setId, 'phone');
    expect(await combineKey(phoneShare, fromBase64Url(request.authShare), account.address)).toBe(hex);
    const recovered = await decryptRecovery(request.recovery!, kr, account.address, set.setId);
    const laptopShare = await openDeviceShare(request.deviceShares.laptop, laptop.privateKey, set.setId, 'laptop');
    expect(await combineKey(recovered, laptopShare, account.address)).toBe(hex);
    // The device shares are not the phone's to open.
    await expect(openDeviceShare(request.deviceShares.laptop, phone.privateKey, set.setId, 'laptop')).rejects.toThrow('cannot open');
  });

  it('a new set without a recovery key leaves the recovery share to its caller', async () => {
    const { k, account } = newAccountKey();
    const device = await createDeviceKeyPair();
    const set = await makeSet({ k, account, previousSetId: null, devices: [{ id: 'd', publicKey: await devicePublicKey(device), label: 'Node', addedAt: 1 }] });
    expect(set.request.recovery).toBeNull();
    expect(set.manifest.recoveryHash).toBeNull();
    const share = await openDeviceShare(set.request.deviceShares.d, device.privateKey, set.setId, 'd');
    expect(await combineKey(share, set.recoveryShare, account.address)).toBe(bytesToHex(k));
  });
});
