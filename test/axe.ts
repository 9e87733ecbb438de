import axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules and axe's best practices: what every page and view of the product must pass. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeCheck {
  /** CSS selectors of the parts to check (the whole page when absent). */
  include?: string[];
  /** Rules not applied here, each with its reason at the call. */
  disableRules?: string[];
  /** The rule tags to apply (`AXE_TAGS` by default); `null` applies every rule axe has. */
  tags?: string[] | null;
}

export interface AxeViolation {
  id: string;
  help: string;
  /** The selector of each element that breaks the rule. */
  targets: string[];
}

/** Evaluates axe's source in `frame` unless it is there already (a page keeps it until it navigates). */
async function injectAxe(frame: Frame): Promise<void> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
}

/**
 * axe's partial results of `frame` and, depth first, of each frame inside the part it checks (`context`), as
 * `axe.runPartial` gives them: the order `axe.finishRun` expects. A frame that cannot be reached (gone, or detached while
 * the check ran) counts as `null`, as axe's own runners count it.
 */
async function partialResults(frame: Frame, context: unknown, options: unknown): Promise<unknown[]> {
  await injectAxe(frame);
  type Axe = typeof axe;
  const children: { frameSelector: unknown; frameContext: unknown }[] = await frame.evaluate(
    (context) => (window as unknown as { axe: Axe }).axe.utils.getFrameContexts(context as axe.ElementContext) as unknown as { frameSelector: unknown; frameContext: unknown }[],
    context,
  );
  const own: unknown = await frame.evaluate(
    ({ context, options }) => (window as unknown as { axe: Axe }).axe.runPartial(context as axe.ElementContext, options as axe.RunOptions) as Promise<unknown>,
    { context, options },
  );
  const results: unknown[] = [own];
  for (const { frameSelector, frameContext } of children) {
    const element = (await frame.evaluateHandle((selector) => (window as unknown as { axe: Axe }).axe.utils.shadowSelect(selector as axe.CrossTreeSelector), frameSelector)).asElement();
    const child = await element?.contentFrame().catch(() => null);
    if (!child) {
      results.push(null);
      continue;
    }
    results.push(...(await partialResults(child, frameContext, options).catch(() => [null])));
  }
  return results;
}

/**
 * axe's violations on `page`. A page of one document runs `axe.run` in it. A page with frames inside the checked part
 * (the e-mail wallet's, on its own origin) has each frame checked in its own document, as axe's partial runs do, and
 * the results merged in the page. axe's source is evaluated once per document and kept (the `@axe-core/playwright`
 * builder evaluates it again for every check, in each frame, and merges the results in a blank page it opens: three
 * evaluations of half a megabyte and a page per check). Every rule still runs on every element; `resultTypes` only
 * spares axe the report of each passing element (its selector and HTML), which is sent back to the test and thrown
 * away (partial results keep them: that is why a page of one document does not take that path).
 */
export async function axeViolations(page: Page, { include = [], disableRules = [], tags = AXE_TAGS }: AxeCheck = {}): Promise<AxeViolation[]> {
  const options: axe.RunOptions = { resultTypes: ['violations'], rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])) };
  if (tags) options.runOnly = { type: 'tag', values: tags };
  const context = { include: include.map((selector) => [selector]), exclude: [] };
  type Axe = typeof axe;
  let result: axe.AxeResults;
  if (page.frames().length > 1) {
    const partials = await partialResults(page.mainFrame(), context, options);
    result = await page.evaluate(({ partials, options }) => (window as unknown as { axe: Axe }).axe.finishRun(partials as axe.PartialResults, options), { partials, options });
  } else {
    await injectAxe(page.mainFrame());
    result = await page.evaluate(
      ({ include, options }) =>
        (window as unknown as { axe: Axe }).axe.run(include.length ? { include: include.map((selector) => [selector]) } : document, { ...options, iframes: false }),
      { include, options },
    );
  }
  return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
