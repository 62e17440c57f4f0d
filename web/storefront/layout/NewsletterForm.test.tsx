import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_CONSENT, NEWSLETTER_SENT, newsletterRoutes } from '../../../contract/newsletter';
import { answerOf } from '../../test/answers';
import NewsletterPage from '../newsletter/NewsletterPage';
import Footer from './Footer';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: { path: string; body: unknown }[];
let answer: (path: string, body: Record<string, unknown>) => Response;

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      // the shop's settings (contacts in the footer) stay unanswered: the footer is read for its newsletter box
      if (!path.startsWith('/u1/api/newsletter')) return new Promise<Response>(() => {});
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      sent.push({ path, body });
      return answer(path, body);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function show(element: React.ReactElement, at = '/') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const accepted = () =>
  json(202, answerOf(newsletterRoutes, 'POST /u1/api/newsletter', { success: true, message: NEWSLETTER_SENT }));

describe('the footer’s newsletter box', () => {
  it('asks for consent with a box that is not ticked, and sends the address with the consent given', async () => {
    answer = accepted;
    show(<Footer />);
    const box = screen.getByRole('checkbox', { name: NEWSLETTER_CONSENT });
    expect(box).not.toBeChecked();
    expect(box).toBeRequired();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'asha@example.in');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(NEWSLETTER_SENT);
    expect(sent).toEqual([{ path: '/u1/api/newsletter', body: { email: 'asha@example.in', consent: true } }]);
    // ready for another address: emptied, and the box is not left ticked for the next visitor
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: NEWSLETTER_CONSENT })).not.toBeChecked();
  });

  it('shows the shop’s field errors by their fields when the box is not ticked or the address is wrong', async () => {
    answer = () =>
      json(400, {
        success: false,
        message: 'Invalid input',
        errors: [
          { path: 'email', message: 'Enter a valid e-mail address' },
          { path: 'consent', message: 'Please tick the box to agree to receive our e-mails' },
        ],
      });
    show(<Footer />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please tick the box to agree to receive our e-mails')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ email: 'asha@', consent: false });
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox', { name: NEWSLETTER_CONSENT })).toHaveAttribute('aria-invalid', 'true');
    // what was typed stays, to be corrected
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('asha@');
  });

  it('says so when the shop refuses for too many sign-ups', async () => {
    answer = () => json(429, { success: false, message: 'Too many sign-ups sent. Please try again in an hour.' });
    show(<Footer />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'asha@example.in');
    await user.click(screen.getByRole('checkbox', { name: NEWSLETTER_CONSENT }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-ups sent. Please try again in an hour.');
  });
});

describe('the page the e-mail’s links open', () => {
  it('confirms with the link’s token and offers the way out on the same page', async () => {
    answer = () =>
      json(
        200,
        answerOf(newsletterRoutes, 'POST /u1/api/newsletter/confirm', { success: true, message: 'Subscription confirmed' }),
      );
    show(<NewsletterPage step="confirm" />, '/newsletter/confirm?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Subscription confirmed' })).toBeInTheDocument();
    expect(sent[0]).toEqual({ path: '/u1/api/newsletter/confirm', body: { token: 'abc123' } });
    expect(screen.getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', '/newsletter/unsubscribe?token=abc123');
  });

  it('unsubscribes with the link’s token', async () => {
    answer = () =>
      json(
        200,
        answerOf(newsletterRoutes, 'POST /u1/api/newsletter/unsubscribe', { success: true, message: 'You are unsubscribed' }),
      );
    show(<NewsletterPage step="unsubscribe" />, '/newsletter/unsubscribe?token=abc123');
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/u1/api/newsletter/unsubscribe', body: { token: 'abc123' } }]);
  });

  it('says the link is not valid when the shop does not know it', async () => {
    answer = () => json(404, { success: false, message: 'This link is not valid or has expired' });
    show(<NewsletterPage step="confirm" />, '/newsletter/confirm?token=old');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid or has expired'));
    expect(screen.queryByRole('heading', { name: 'Subscription confirmed' })).toBeNull();
  });
});
