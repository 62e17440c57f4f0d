import { type FormEvent, useId, useState } from 'react';
import { NEWSLETTER_CONSENT } from '../../../contract/newsletter';
import { newsletterApi } from '../../api/newsletter';
import { useFormCall } from '../account/useFormCall';

/**
 * The footer's newsletter box: an e-mail address and a consent box the visitor ticks themselves (never ticked for
 * them). The shop answers with a sentence (check your inbox) or with what is wrong with each field.
 */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const { errors, outcome, busy, run } = useFormCall();

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      const answer = await newsletterApi.subscribe(email, consent);
      setEmail('');
      setConsent(false);
      return answer.message;
    });
  }

  const emailError = errors.email;
  const consentError = errors.consent;
  return (
    <form className="space-y-2" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="flex gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email address"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-white/30 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-gold-400 px-4 py-2 font-semibold text-brand-900 hover:bg-gold-500 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      {emailError ? (
        <p id={`${id}-email-error`} className="text-gold-400">
          {emailError}
        </p>
      ) : null}
      <label htmlFor={`${id}-consent`} className="flex items-start gap-2 text-white/90">
        <input
          id={`${id}-consent`}
          type="checkbox"
          name="consent"
          required
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${id}-consent-error` : undefined}
          className="mt-0.5 size-4 shrink-0"
        />
        <span>{NEWSLETTER_CONSENT}</span>
      </label>
      {consentError ? (
        <p id={`${id}-consent-error`} className="text-gold-400">
          {consentError}
        </p>
      ) : null}
      {outcome && (outcome.kind === 'ok' || (!emailError && !consentError)) ? (
        <p role={outcome.kind === 'ok' ? 'status' : 'alert'} className={outcome.kind === 'ok' ? 'text-white' : 'text-gold-400'}>
          {outcome.text}
        </p>
      ) : null}
    </form>
  );
}
