/*
 * Taps that arrive before the app has taken over a server-rendered page (hinted in its head, run before the body).
 * Add to Cart and Buy Now buttons carry data-early="<action>:<product id>", page controls (tabs, slideshow buttons)
 * data-early="tap:<control>". Until the app has claimed a button, a tap on it is kept (once, however often it is
 * tapped) and the button shows it is busy; the app claims each key when that button is live and carries out the
 * kept tap then. A claimed key is never kept again: its taps go to
 * the app. Disclosures (<details>) keep their summary's aria-expanded true to their state before the app runs.
 */
(() => {
  const kept = [];
  const claimed = new Set();
  const busy = (key, on) => {
    const all = document.querySelectorAll('[data-early]');
    for (let i = 0; i < all.length; i++) {
      if (all[i].getAttribute('data-early') !== key) continue;
      if (on) all[i].setAttribute('aria-busy', 'true');
      else all[i].removeAttribute('aria-busy');
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const el = event.target instanceof Element ? event.target.closest('[data-early]') : null;
      const key = el?.getAttribute('data-early');
      if (!key || claimed.has(key)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (kept.indexOf(key) < 0) kept.push(key);
      busy(key, true);
    },
    true,
  );
  document.addEventListener(
    'toggle',
    (event) => {
      const summary = event.target instanceof HTMLDetailsElement ? event.target.querySelector(':scope > summary') : null;
      if (summary?.hasAttribute('aria-expanded')) summary.setAttribute('aria-expanded', String(event.target.open));
    },
    true,
  );
  window.shopEarlyTaps = {
    /** The button of `key` is live: true once if it was tapped before; from now on its taps go to the app. */
    claim: (key) => {
      claimed.add(key);
      const at = kept.indexOf(key);
      if (at < 0) return false;
      kept.splice(at, 1);
      busy(key, false);
      return true;
    },
  };
})();
