// The kiosk's touch-target rule for the end-to-end tests: every visible control is at least a
// finger wide and tall (48 px; the public screen asks 64 of its own controls), a checkbox counted by
// its label. One finder for every screen's test: the screens differ only in the size and, for the
// public screen, which controls are theirs.
import type { Locator, Page } from '@playwright/test';

/** A gloved finger on the kiosk's portrait screen. */
export const FINGER_PX = 48;

/** The controls a finger taps; a checkbox or radio is tapped through its `label.check`. */
const CONTROLS = 'button, a[href], input, select, textarea, summary, label.check';
/** Not targets of their own: tapped through their label. */
const NOT_TARGETS = 'input[type=checkbox], input[type=radio], .check input';

export interface TargetRule {
  /** The smallest width and height, px. */
  min?: number;
  /** The controls to measure (a selector inside the scope). */
  controls?: string;
  /** Controls left out (a selector they match). */
  exclude?: string;
}

/**
 * Visible controls in `scope` (a page or a part of one) smaller than `min` either way, each as
 * `tag "text" W×H`; a control in a closed dialog, hidden, or placed above the page is not visible.
 */
export function smallTargets(scope: Page | Locator, { min = FINGER_PX, controls = CONTROLS, exclude = NOT_TARGETS }: TargetRule = {}): Promise<string[]> {
  const root = 'locator' in scope && 'goto' in scope ? scope.locator(':root') : scope;
  return root.evaluate(
    (element, rule) =>
      [...element.querySelectorAll<HTMLElement>(rule.controls)]
        .filter((el) => {
          if (el.closest('dialog:not([open])') || el.matches(rule.exclude)) return false;
          const box = el.getBoundingClientRect();
          // Placed above the document's top (a skip link until it has focus) is off-screen by
          // design; scrolled out of view is not, and is measured: the page's scroll and that of
          // every scroller around the control (a dialog's body, a list) are added back. (A control
          // placed out of a scroller's flow, fixed or absolute inside one, would get its scroll
          // added too; no screen has one.)
          let scrolled = window.scrollY;
          for (let a = el.parentElement; a && a !== document.scrollingElement; a = a.parentElement) scrolled += a.scrollTop;
          const onScreen = box.width > 0 && box.height > 0 && box.bottom + scrolled > 0 && getComputedStyle(el).visibility !== 'hidden';
          return onScreen && (box.height < rule.min || box.width < rule.min);
        })
        .map((el) => {
          const box = el.getBoundingClientRect();
          return `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`;
        }),
    { min, controls, exclude },
  );
}
