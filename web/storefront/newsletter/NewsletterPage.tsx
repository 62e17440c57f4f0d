import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { newsletterApi } from '../../api/newsletter';
import { usePageTitle } from '../../ui/usePageTitle';
import { problemsOf } from '../account/useFormCall';

type Step = 'confirm' | 'unsubscribe';
const TITLES: Record<Step, string> = { confirm: 'Subscription confirmed', unsubscribe: 'You are unsubscribed' };

/**
 * Where the links of a newsletter e-mail lead: the page asks the shop to confirm or to unsubscribe (a link followed
 * twice answers the same) and says what became of it. A confirmed subscriber finds the way out on the same page.
 */
export default function NewsletterPage({ step }: { step: Step }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'busy' } | { kind: 'done' } | { kind: 'error'; text: string }>({ kind: 'busy' });
  usePageTitle(state.kind === 'done' ? TITLES[step] : 'Newsletter');

  useEffect(() => {
    let live = true;
    setState({ kind: 'busy' });
    const call = step === 'confirm' ? newsletterApi.confirm : newsletterApi.unsubscribe;
    call(token).then(
      () => live && setState({ kind: 'done' }),
      (err: unknown) => live && setState({ kind: 'error', text: problemsOf(err).text }),
    );
    return () => {
      live = false;
    };
  }, [step, token]);

  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center sm:py-16" aria-busy={state.kind === 'busy'}>
      {state.kind === 'busy' ? (
        <p className="text-gray-700">{step === 'confirm' ? 'Confirming your subscription…' : 'Unsubscribing…'}</p>
      ) : state.kind === 'done' ? (
        <>
          <h1 className="font-serif text-3xl font-bold text-gray-900">{TITLES[step]}</h1>
          <p className="mt-3 text-gray-700">
            {step === 'confirm'
              ? 'Thank you. We will e-mail you new arrivals and offers. Every e-mail has a link to unsubscribe.'
              : 'We have removed your e-mail address from our newsletter. You will not receive it again.'}
          </p>
          {step === 'confirm' ? (
            <p className="mt-3 text-gray-700">
              Changed your mind?{' '}
              <Link to={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`} className="text-brand-700 underline">
                Unsubscribe
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <>
          <h1 className="font-serif text-3xl font-bold text-gray-900">Newsletter</h1>
          <p role="alert" className="mt-3 text-gray-700">
            {state.text}
          </p>
        </>
      )}
      <p className="mt-6">
        <Link to="/" className="text-brand-700 underline">
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
