/*
 * Taps that arrive before the app has taken over a server-rendered page (inline in its head, run before the body).
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
  // The app's files (the entry first, then the chunks this screen needs), listed by the server in data-app. They
  // are fetched once the page's first pictures (those marked fetchpriority="high") are in and painted, or after
  // 2.5 s at the latest, so on a slow network those pictures are not sharing it with the app's JavaScript. Taps
  // in the meantime are kept above.
  const listed = document.querySelector('script[data-app]');
  const files = JSON.parse(listed?.getAttribute('data-app') || '[]');
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    files.forEach((file, i) => {
      const el = document.createElement(i === 0 ? 'script' : 'link');
      if (i === 0) {
        el.type = 'module';
        el.src = file;
      } else {
        el.rel = 'modulepreload';
        el.href = file;
      }
      el.crossOrigin = '';
      document.head.appendChild(el);
    });
  };
  const afterPictures = () => {
    const pictures = document.querySelectorAll('img[fetchpriority="high"]');
    let waiting = pictures.length + 1;
    const done = () => {
      if (--waiting === 0) requestAnimationFrame(() => setTimeout(start, 0));
    };
    const painted = (img) => () => (img.decode ? img.decode().then(done, done) : done());
    for (let i = 0; i < pictures.length; i++) {
      const img = pictures[i];
      if (img.complete) painted(img)();
      else {
        img.addEventListener('load', painted(img), { once: true });
        img.addEventListener('error', done, { once: true });
      }
    }
    done();
    setTimeout(start, 2500);
  };
  if (files.length > 0) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPictures);
    else afterPictures();
  }
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
