import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical accessibility violation (WCAG 2.1 A/AA and axe's best practices) on the page as it stands.
 * `include` narrows the check to parts of the page (a screen's content and its dialogs).
 */
export async function expectAccessible(
  page: Page,
  label = page.url(),
  { include = [] }: { include?: string[] } = {},
): Promise<void> {
  // A drawer or dialog still fading in has its text at part opacity, which axe reads as low contrast: let every
  // running animation finish first (a looping one, such as a spinner, is not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of include) builder.include(selector);
  const { violations } = await builder.analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(grave, label).toEqual([]);
}
