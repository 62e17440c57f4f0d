/** The strip every page of a shop taking sandbox payments carries. */

/**
 * Shown on every page while the shop takes sandbox payments (PAYMENTS=sandbox, or no Razorpay keys).
 * @forTests the tests check the notice shows in sandbox mode and not with real payments
 */
export const TEST_PAYMENTS_TEXT = 'Test payments: no real money is taken in this shop.';
const TEST_RIBBON_HEIGHT = '24px';
/**
 * One line of a known height (cut short on the narrowest phones), so nothing below it waits on its wrapping; a tap on
 * it reaches what it lies over (a page scrolled under the header).
 */
const TEST_PAYMENTS_RIBBON =
  `<div role="note" data-testid="test-payments" style="position:fixed;top:0;left:0;right:0;z-index:60;pointer-events:none;` +
  `height:${TEST_RIBBON_HEIGHT};box-sizing:border-box;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;` +
  `background:#fef3c7;color:#78350f;text-align:center;font:600 12px/23px system-ui,sans-serif;padding:0 8px;` +
  `border-bottom:1px solid #f59e0b">${TEST_PAYMENTS_TEXT}</div>`;

/**
 * A shop taking sandbox payments says so on every page, before any script runs (outside the app's root): a strip of
 * TEST_RIBBON_HEIGHT fixed above everything, the page moved down by as much (--test-ribbon tells the fixed and sticky
 * headers, which sit under it).
 */
export function withTestRibbon(html: string) {
  return html.replace(
    /<body([^>]*)>/,
    (_, attrs: string) =>
      `<body${attrs} style="--test-ribbon:${TEST_RIBBON_HEIGHT};padding-top:${TEST_RIBBON_HEIGHT}">${TEST_PAYMENTS_RIBBON}`,
  );
}
