import { assert } from 'chai';

const pageUrl = new URL('./strict-csp.html', import.meta.url).pathname;

interface Report {
  type: 'strict-csp';
  ok: boolean;
  error?: string;
  violations: string[];
  evalBlocked: boolean;
  dialogOpen: boolean;
  dialogBackground: string;
  buttonRadius: string;
  itemCount: number;
  spacerHeight: string;
}

describe('strict Content-Security-Policy', () => {
  it("the page is served with script-src 'self' and style-src 'self' (no 'unsafe-inline', no 'unsafe-eval')", async () => {
    const response = await fetch(pageUrl);
    const policy = response.headers.get('content-security-policy') ?? '';
    assert.include(policy, "script-src 'self'");
    assert.include(policy, "style-src 'self'");
    assert.notInclude(policy, 'unsafe-inline');
    assert.notInclude(policy, 'unsafe-eval');
  });

  it('the modal opens and renders styled views under it, with no policy violation', async () => {
    const frame = document.createElement('iframe');
    const report = new Promise<Report>((resolve) =>
      window.addEventListener('message', (event: MessageEvent<Report>) => {
        if (event.data?.type === 'strict-csp') resolve(event.data);
      }),
    );
    frame.src = pageUrl;
    document.body.append(frame);
    const result = await report;
    assert.isTrue(result.ok, result.error);
    assert.isTrue(result.evalBlocked, 'the policy is in force (eval is blocked)');
    assert.deepEqual(result.violations, []);
    assert.isTrue(result.dialogOpen);
    assert.equal(result.dialogBackground, 'rgb(255, 255, 255)', 'constructable stylesheets apply');
    assert.equal(result.buttonRadius, '999px');
    assert.isAtLeast(result.itemCount, 3);
    assert.equal(result.spacerHeight, `${Math.ceil(120 / 4) * 96}px`, 'style bindings (CSSOM) apply');
    frame.remove();
  });
});
