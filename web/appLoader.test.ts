import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import keeper from './early-taps.js?raw';

/**
 * The app loader inside a server-rendered page's inline head script (web/early-taps.js): it fetches the app's files
 * the server lists in data-app only once the page's first pictures are in, or after 2.5 s at the latest.
 */
const FILES = ['/assets/index-T.js', '/assets/ListingPage-L.js', '/assets/hydrate-H.js'];

function page(pictures: number) {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  const script = document.createElement('script');
  script.setAttribute('data-app', JSON.stringify(FILES));
  document.head.append(script);
  const imgs = Array.from({ length: pictures }, () => {
    const img = document.createElement('img');
    img.setAttribute('fetchpriority', 'high');
    // jsdom loads no pictures: each stays incomplete until the test says it has come in.
    Object.defineProperty(img, 'complete', { value: false, configurable: true });
    Object.defineProperty(img, 'decode', { value: () => Promise.resolve() });
    document.body.append(img);
    return img;
  });
  new Function(keeper)();
  return imgs;
}

/** What the loader has put in the head: the entry as a module script, the rest as module preloads. */
const loaded = () =>
  [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((el) =>
    el instanceof HTMLScriptElement ? `script ${el.getAttribute('src')}` : `preload ${el.getAttribute('href')}`,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the app loader', () => {
  it('waits for every first picture, then loads the entry and the screen’s chunks side by side, once', async () => {
    const [first, second] = page(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(loaded()).toEqual([]);
    first?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(100);
    expect(loaded()).toEqual([]);
    second?.dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(100);
    expect(loaded()).toEqual(['script /assets/index-T.js', 'preload /assets/ListingPage-L.js', 'preload /assets/hydrate-H.js']);
    // The latest start changes nothing once it has started.
    await vi.advanceTimersByTimeAsync(3000);
    expect(loaded()).toHaveLength(3);
  });

  it('starts after 2.5 s at the latest when a picture never comes', async () => {
    page(1);
    await vi.advanceTimersByTimeAsync(2400);
    expect(loaded()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(loaded()).toHaveLength(3);
  });

  it('starts after the first frame on a page without such pictures', async () => {
    page(0);
    expect(loaded()).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(loaded()).toHaveLength(3);
  });
});
