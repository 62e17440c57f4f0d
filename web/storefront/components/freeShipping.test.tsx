import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FreeShipping, type PublicSettings, settingsRoutes } from '../../../contract/settings';
import { SESSION_KEY } from '../../auth/session';
import { SETTINGS_KEY } from '../../ssr';
import { answerOf } from '../../test/answers';
import HomeSections from '../home/HomeSections';
import { Header } from '../layout/Header';
import AboutPage from '../static/AboutPage';
import ShippingPolicyPage from '../static/ShippingPolicyPage';

beforeEach(() => {
  // Nothing else the header and home page ask for answers: they are read for their free-shipping words only.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The public settings as every page carries them, with where the shipping zones make shipping free. */
const settingsWith = (freeshipping: FreeShipping): PublicSettings =>
  answerOf(settingsRoutes, 'GET /a1/api/settings', {
    success: true,
    settings: {
      shopname: 'Ratna Gems',
      legalname: 'Ratna Gems',
      gstin: '',
      address: 'Ludhiana',
      state: 'Punjab',
      supportphone: '+91 98765 43210',
      supportemail: 'support@ratnagems.in',
      // The older setting says something else: it is no longer what the shop promises.
      freeshippingabove: 99_999,
      rattiincarats: 0.91,
      grievanceofficer: { name: '', designation: '', email: '', phone: '' },
      freeshipping,
    },
  }).settings;

function renderPage(freeshipping: FreeShipping, only?: 'policies') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(SESSION_KEY, null);
  qc.setQueryData(SETTINGS_KEY, settingsWith(freeshipping));
  const page =
    only === 'policies' ? (
      <>
        <ShippingPolicyPage />
        <AboutPage />
      </>
    ) : (
      <>
        <Header />
        <HomeSections content={undefined} />
      </>
    );
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The header's promises (the wide screen's list; a phone's own line says the same). */
const promises = () => {
  const lists = screen.getAllByRole('list', { name: 'Our promises' });
  const texts = lists.map((l) =>
    within(l)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/^·/, '').trim()),
  );
  expect(texts[1]).toEqual(texts[0]);
  return texts[0];
};
/** What the home page's Why Choose Us says of free shipping. */
const whyFree = () => {
  const section = screen.getByRole('region', { name: 'Why Choose Us' });
  const item = within(section)
    .queryAllByRole('listitem')
    .find((li) => within(li).queryByRole('heading', { name: 'Free Shipping' }));
  return item ? within(item).getByText(/shipping/i, { selector: 'p' }).textContent : null;
};

describe('free shipping, as the shipping zones give it', () => {
  it('a new shop: free in India at any amount, worldwide above ₹1,50,000', () => {
    renderPage({ india: 0, worldwide: 150_000 });
    expect(promises()).toEqual(['Free Shipping in India', 'Secure Payment', 'Easy Returns']);
    expect(whyFree()).toBe('Free worldwide shipping above INR 1,50,000.');
  });

  it('every zone free from India’s own threshold: the header says so without "in India"', () => {
    renderPage({ india: 50_000, worldwide: 50_000 });
    expect(promises()).toEqual(['Free Shipping above ₹50,000', 'Secure Payment', 'Easy Returns']);
    expect(whyFree()).toBe('Free worldwide shipping above INR 50,000.');
  });

  it('free everywhere at any amount', () => {
    renderPage({ india: 0, worldwide: 0 });
    expect(promises()).toEqual(['Free Shipping', 'Secure Payment', 'Easy Returns']);
    expect(whyFree()).toBe('Free worldwide shipping.');
  });

  it('only India ships free: no worldwide promise', () => {
    renderPage({ india: 20_000, worldwide: null });
    expect(promises()).toEqual(['Free Shipping in India above ₹20,000', 'Secure Payment', 'Easy Returns']);
    expect(whyFree()).toBe('Free shipping in India above INR 20,000.');
  });

  it('no zone ships free: no free-shipping promise at all', () => {
    renderPage({ india: null, worldwide: null });
    expect(promises()).toEqual(['Secure Payment', 'Easy Returns']);
    expect(whyFree()).toBeNull();
    expect(screen.queryByText(/free shipping/i)).toBeNull();
  });
});

/** The shipping policy's paragraph on charges and About Us's line on worldwide shipping. */
const policies = (free: FreeShipping) => {
  renderPage(free, 'policies');
  const charges = screen.getByRole('heading', { name: 'Charges' }).nextElementSibling?.textContent?.trim();
  const worldwide = screen.getByText(/^Worldwide shipping to about 195 countries/).textContent;
  cleanup();
  return { charges, worldwide };
};

describe('the shipping policy and About Us, as the shipping zones give it', () => {
  it('say free worldwide above the highest threshold only when every zone has one', () => {
    expect(policies({ india: 0, worldwide: 150_000 })).toEqual({
      charges: expect.stringMatching(
        /^Shipping is free worldwide on orders above INR 1,50,000\. Any charge for other orders is shown before you pay\./,
      ),
      worldwide: 'Worldwide shipping to about 195 countries, free above INR 1,50,000.',
    });
    expect(policies({ india: 0, worldwide: 0 }).charges).toMatch(/^Shipping is free worldwide\. Any charge/);
  });

  it('say India’s threshold alone when a zone never ships free, and no free shipping when none does', () => {
    expect(policies({ india: 20_000, worldwide: null })).toEqual({
      charges: expect.stringMatching(/^Shipping is free in India on orders above INR 20,000\. Any charge/),
      worldwide: 'Worldwide shipping to about 195 countries.',
    });
    const none = policies({ india: null, worldwide: null });
    expect(none.charges).toMatch(/^Any shipping charge is shown before you pay\./);
    expect(none.charges).not.toMatch(/free/i);
  });
});
