import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

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

/**
 * axe's violations on `page`. A page of one document runs axe itself in the page (its source injected once): the
 * `@axe-core/playwright` builder evaluates axe's source again for every check and opens a blank page to merge its
 * results, several seconds each on a busy machine. A page with frames (the e-mail wallet's, on its own origin) keeps
 * the builder, which runs axe inside each frame too. Every rule still runs on every element; `resultTypes` only spares
 * axe the report of each passing element (its selector and HTML), which is sent back to the test and thrown away.
 */
export async function axeViolations(page: Page, { include = [], disableRules = [], tags = AXE_TAGS }: AxeCheck = {}): Promise<AxeViolation[]> {
  const summary = (violations: axe.Result[]) => violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    for (const selector of include) builder = builder.include(selector);
    if (tags) builder = builder.withTags(tags);
    if (disableRules.length) builder = builder.disableRules(disableRules);
    return summary((await builder.analyze()).violations);
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(
    ({ include, disableRules, tags }) => {
      const options: axe.RunOptions = { iframes: false, resultTypes: ['violations'], rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])) };
      if (tags) options.runOnly = { type: 'tag', values: tags };
      const context: axe.ElementContext = include.length ? { include: include.map((selector) => [selector]) } : document;
      return (window as unknown as { axe: typeof axe }).axe.run(context, options);
    },
    { include, disableRules, tags },
  );
  return summary(result.violations);
}
