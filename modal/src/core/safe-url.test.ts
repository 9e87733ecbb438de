import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeImageUrl, safeLinkUrl, schemeOf } from './safe-url.js';
import { clearLogs, readLogs, setLogLevel } from './logger.js';

const SVG = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

describe('safeLinkUrl', () => {
  it.each([
    ['https://wallet.example/wc', 'https://wallet.example/wc'],
    ['HTTPS://Wallet.Example', 'https://wallet.example/'],
    ['http://127.0.0.1:8787/x', 'http://127.0.0.1:8787/x'],
    ['http://127.9.8.7/', 'http://127.9.8.7/'],
    ['http://localhost:5173', 'http://localhost:5173/'],
    ['http://[::1]:3000/', 'http://[::1]:3000/'],
  ])('accepts %s', (url, expected) => {
    expect(safeLinkUrl(url)).toBe(expected);
  });

  it.each([
    ['metamask://', 'metamask', 'metamask://'],
    ['MetaMask://wc', 'metamask', 'metamask://wc'],
    ['harbor-desktop://', 'harbor-desktop', 'harbor-desktop://'],
    ['trust.wallet+x://open', 'trust.wallet+x', 'trust.wallet+x://open'],
  ])('accepts %s where the directory declares the scheme %s', (url, scheme, expected) => {
    expect(safeLinkUrl(url, { scheme })).toBe(expected);
  });

  it.each([
    ['metamask://', undefined],
    ['metamask://', 'trust'],
    ['evil://wc', 'metamask'],
    ['ms-msdt://id PCWDiagnostic', 'ms-msdt'],
    ['ms-msdt://x', 'ms-msdt'],
    ['search-ms://query=x&crumb=location:\\\\evil.example\\share', 'search-ms'],
    ['ms-officecmd://x', 'ms-officecmd'],
    ['ms-settings://x', 'ms-settings'],
    ['ms-appinstaller://?source=https://evil.example/x.appx', 'ms-appinstaller'],
    ['search://x', 'search'],
    ['shell://x', 'shell'],
    ['smb://evil.example/share', 'smb'],
    ['ssh://evil.example', 'ssh'],
    ['itms-services://?action=download-manifest', 'itms-services'],
    ['vscode://x', 'vscode'],
    ['javascript://%0aalert(1)', 'javascript'],
    ['file://etc/passwd', 'file'],
  ])('rejects %s even where the directory declares %s', (url, scheme) => {
    expect(safeLinkUrl(url, { scheme })).toBeUndefined();
  });

  it('reads the scheme a link declares', () => {
    expect(schemeOf('MetaMask://wc')).toBe('metamask');
    expect(schemeOf('https://wallet.example')).toBeUndefined();
    expect(schemeOf('metamask:')).toBeUndefined();
    expect(schemeOf(1)).toBeUndefined();
  });

  it.each([
    'javascript://%0aalert(document.domain);//',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'javascript\u0000:alert(1)',
    'javascript%3Aalert(1)',
    '%6Aavascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'blob:https://wallet.example/uuid',
    'about:blank',
    'filesystem:https://wallet.example/x',
    'view-source:https://wallet.example',
    'chrome-extension://abc/x.html',
    'wss://relay.example',
    'http://wallet.example',
    'http://127.0.0.1.evil.example/',
    'http://localhost.evil.example/',
    'http://0x7f.evil.example/',
    'https://wallet.example\\@evil.example',
    'https:// wallet.example',
    'metamask:',
    'wc:abc@2?symKey=1',
    '//evil.example/x',
    '/relative',
    '',
    'not a url',
  ])('rejects %j', (url) => {
    expect(safeLinkUrl(url)).toBeUndefined();
  });

  it('rejects values that are not strings without throwing', () => {
    for (const value of [undefined, null, 1, {}, [], Symbol('x'), () => 'https://x.example']) {
      expect(safeLinkUrl(value as never)).toBeUndefined();
    }
  });
});

describe('safeImageUrl', () => {
  it.each([
    ['https://img.example/a.png', 'https://img.example/a.png'],
    ['http://127.0.0.1:8787/getWalletImage/x', 'http://127.0.0.1:8787/getWalletImage/x'],
    [SVG, SVG],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/jpeg;base64,/9j/', 'data:image/jpeg;base64,/9j/'],
    ['data:image/webp;base64,UklG', 'data:image/webp;base64,UklG'],
    ['data:image/gif;base64,R0lG', 'data:image/gif;base64,R0lG'],
    ["data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>", "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>"],
  ])('accepts %s', (url, expected) => {
    expect(safeImageUrl(url)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:text/html,<img src=x onerror=alert(1)>',
    'data:image/svg;base64,AAAA',
    'data:image/x-icon;base64,AAAA',
    'data:application/javascript,alert(1)',
    'data:,hello',
    'blob:https://img.example/uuid',
    'http://img.example/a.png',
    'metamask://icon',
    'vbscript:x',
    'file:///images/a.png',
    ' data:text/html,x',
    'data:image/png\n;base64,AAAA',
  ])('rejects %j', (url) => {
    expect(safeImageUrl(url)).toBeUndefined();
  });
});

describe('a rejected URL', () => {
  beforeEach(() => {
    setLogLevel('warn');
    clearLogs();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    setLogLevel('error');
    vi.restoreAllMocks();
  });

  // The gate logs through log.ts: the record reaches the logger once its chunk has loaded.
  const logged = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('is logged once at warn level, and nothing throws', async () => {
    const hostile = 'javascript://%0aalert(document.domain);//once';
    expect(() => [safeLinkUrl(hostile), safeLinkUrl(hostile), safeImageUrl('data:text/html,once')]).not.toThrow();
    await logged();
    const lines = readLogs()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; message: string; detail: string });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'warn', message: 'Rejected link URL' });
    expect(lines[0].detail).toContain('javascript://%0aalert(document.domain);//once');
    expect(lines[1]).toMatchObject({ level: 'warn', message: 'Rejected image URL' });
    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  it('is not recorded at the default level (error)', async () => {
    setLogLevel('error');
    safeLinkUrl('vbscript:default-level');
    await logged();
    expect(readLogs()).toBe('');
  });
});
