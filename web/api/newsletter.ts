import type { newsletterRoutes } from '../../contract/newsletter';
import { routeCaller } from './client';

const newsletter = routeCaller<typeof newsletterRoutes>();

/** The newsletter: signing up with consent, and the two links of its e-mails. */
export const newsletterApi = {
  subscribe: (email: string, consent: boolean) =>
    // consent is sent as ticked; an unticked box is sent too, so the shop's own answer tells the visitor what is missing
    newsletter('POST /u1/api/newsletter', { body: { email, consent: consent as true } }),
  confirm: (token: string) => newsletter('POST /u1/api/newsletter/confirm', { body: { token } }),
  unsubscribe: (token: string) => newsletter('POST /u1/api/newsletter/unsubscribe', { body: { token } }),
};
