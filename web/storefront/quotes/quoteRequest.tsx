import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { wholesaleApi } from '../../api/wholesale';

type Line = Parameters<typeof wholesaleApi.requestQuote>[0][number];

/**
 * Sending a business buyer's request for a quote, from the product page or the cart: `send` asks the merchant for a
 * price on `lines` with the note and says whether it went; `done` is the new quote's number, `problem` the shop's
 * refusal (or that it could not be sent). The buyer's "Your quotes" list is asked again.
 */
export function useQuoteRequest() {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState('');

  async function send(lines: Line[], note: string) {
    setBusy(true);
    setProblem('');
    try {
      const res = await wholesaleApi.requestQuote(lines, note.trim() || undefined);
      setDone(res.quote.number);
      void qc.invalidateQueries({ queryKey: ['quotes', 'mine'] });
      return true;
    } catch (err) {
      setProblem(
        (err instanceof ApiError && err.status < 500 && err.body?.message) || 'The request could not be sent. Please try again.',
      );
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, done, problem, setProblem, send };
}

/** What the buyer sees once a request went: its number and where its answer will be. */
export function QuoteRequested({ number }: { number: string }) {
  return (
    <p role="status" className="mb-2 text-green-800">
      Quote {number} requested: we will price it shortly. See it on{' '}
      <Link to="/account" className="underline">
        your account
      </Link>
      .
    </p>
  );
}

/** The shop's refusal of a request, or why it was not sent. */
export function QuoteProblem({ problem }: { problem: string }) {
  return problem ? (
    <p role="alert" className="text-red-700">
      {problem}
    </p>
  ) : null;
}
