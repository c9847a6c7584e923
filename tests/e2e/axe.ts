// axe with every rule (best practices included) on the page as it is: its violations, one line
// each with the elements, so a failing test says what and where.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
