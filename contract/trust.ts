import { z } from 'zod';
import { Address } from './accounts.js';
import { User } from './auth.js';
import { Id, IdParams, MessageResponse, mobileno } from './common.js';
import { Order } from './orders.js';
import { Review } from './reviews.js';
import { byId, routeTable } from './route.js';

// ---------------------------------------------------------------- grievances
/** When a grievance must be acknowledged (48 hours) and resolved (one month) after it is filed. */
export const GRIEVANCE_DEADLINES = { acknowledgeHours: 48, resolveMonths: 1 };
const GRIEVANCE_STATUSES = ['open', 'resolved'] as const;
const GrievanceStatus = z.enum(GRIEVANCE_STATUSES, { message: 'Status must be open or resolved' });

const text = (label: string, min: number, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(min, { message: min > 1 ? `${label} must be at least ${min} characters` : `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

const GrievanceBody = z.object({
  subject: text('Subject', 1, 200),
  message: text('Message', 20, 5000),
  /** One of the complainant's own orders (signed in only). */
  orderId: Id.optional(),
  /** A complainant who is not signed in gives a name and mobile number (e-mail optional). */
  name: text('Name', 1, 100).optional(),
  mobileno: mobileno.optional(),
  email: z
    .string({ message: 'E-mail must be text' })
    .trim()
    .toLowerCase()
    .max(254)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v), { message: 'Enter a valid e-mail address' })
    .optional(),
});
export type GrievanceBody = z.output<typeof GrievanceBody>;

const Reply = z.object({ body: z.string(), createdAt: z.string() });
const Ticket = z.object({
  _id: z.string(),
  /** GR/<yy-yy>/000001, one series per financial year. */
  number: z.string(),
  status: GrievanceStatus,
  subject: z.string(),
  message: z.string(),
  order: z.object({ _id: z.string(), number: z.string() }).nullable(),
  createdAt: z.string(),
  /** 48 hours after it was filed. */
  acknowledgeby: z.string(),
  /** One month after it was filed. */
  resolveby: z.string(),
  /** The officer's first reply. */
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Open past a deadline it has not met: not replied to by acknowledgeby, or not resolved by resolveby. */
  overdue: z.boolean(),
  replies: z.array(Reply),
});
const AdminTicket = Ticket.extend({
  complainant: z.object({ userId: z.string().nullable(), name: z.string(), mobileno: z.string(), email: z.string() }),
});
export type AdminTicket = z.infer<typeof AdminTicket>;

/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const TicketResponse = z.object({ success: z.boolean(), ticket: Ticket });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const TicketsResponse = z.object({ success: z.boolean(), tickets: z.array(Ticket) });
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const AdminTicketsResponse = z.object({ success: z.boolean(), tickets: z.array(AdminTicket) });
const AdminTicketResponse = z.object({ success: z.boolean(), ticket: AdminTicket });

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'overdue must be true or false' })
  .transform((v) => v === 'true' || v === '1');
const AdminGrievancesQuery = z.object({ status: GrievanceStatus.optional(), overdue: flag.optional() });
const AdminGrievanceBody = z.object({ reply: text('Reply', 1, 5000), status: GrievanceStatus.optional() });

/** Grievances filed per client address in an hour (a complaint form anyone may send). */
export const GRIEVANCE_LIMITS = { perAddress: 10, perUser: 10, windowMs: 60 * 60_000 };

// ---------------------------------------------------------------- the buyer's data
const ConsentChange = z.object({ marketing: z.boolean(), source: z.string(), createdAt: z.string() });
const SentMessage = z.object({
  channel: z.string(),
  to: z.string(),
  template: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
/** @forTests tests read the route's answers through this schema, so an answer that strays from the contract fails them */
export const DataExport = z.object({
  success: z.boolean(),
  exportedAt: z.string(),
  profile: User.extend({ marketingAt: z.string().nullable() }),
  consent: z.array(ConsentChange),
  addresses: z.array(Address),
  orders: z.array(Order),
  reviews: z.array(Review),
  grievances: z.array(Ticket),
  messages: z.array(SentMessage),
  /** The newsletter subscription of the account's e-mail address, with the words agreed to; null when there is none. */
  newsletter: z
    .object({
      email: z.string(),
      status: z.enum(['pending', 'subscribed', 'unsubscribed']),
      consent: z.string(),
      consentAt: z.string(),
      confirmedAt: z.string().nullable(),
    })
    .nullable(),
});
const DeleteAccountBody = z.object({
  password: z.string({ message: 'Password is required' }).min(1, { message: 'Password is required' }).max(128),
});

// ---------------------------------------------------------------- routes
export const trustRoutes = routeTable('Grievances and your data', {
  'POST /u1/api/grievances': {
    guard: 'public',
    summary: 'File a grievance with the grievance officer (signed in, or with name and mobile number)',
    description:
      'Answers 201 with the ticket: its number, acknowledge-by (48 hours) and resolve-by (one month) times. The complainant ' +
      'is sent an acknowledgement at once. orderId must be one of your own orders (404 otherwise, as for an unknown one). ' +
      `Limited to ${GRIEVANCE_LIMITS.perAddress} an hour per client address (429).`,
    body: GrievanceBody,
    responses: { 201: TicketResponse },
    errors: [400, 404, 413, 415, 429],
  },
  'GET /u1/api/grievances': {
    guard: 'user',
    summary: 'Your grievances with the officer’s replies, newest first',
    responses: { 200: TicketsResponse },
  },
  'GET /u1/api/admin/grievances': {
    guard: 'admin',
    summary: 'Grievances with the complainant, overdue ones first, then by resolve-by',
    query: AdminGrievancesQuery,
    responses: { 200: AdminTicketsResponse },
    errors: [400],
  },
  'PATCH /u1/api/admin/grievances/:id': {
    guard: 'admin',
    summary: 'Reply to a grievance (and open or resolve it); the complainant is told',
    body: AdminGrievanceBody,
    ...byId(IdParams, { 200: AdminTicketResponse }, 413, 415),
  },
  'GET /u1/api/me/export': {
    guard: 'user',
    summary:
      'Download your own data as JSON: profile, consent, addresses, orders, reviews, grievances, messages sent, newsletter',
    responses: { 200: DataExport },
  },
  'POST /u1/api/me/delete': {
    guard: 'user',
    summary: 'Erase your account (password needed)',
    description:
      'Every session ends; the account can no longer sign in; name, mobile number, e-mail, saved addresses and the newsletter ' +
      'subscription of that e-mail are erased. ' +
      'Orders and invoices are kept as GST law requires, with the buyer’s details as invoiced. Refused (409) while an order ' +
      'is not yet paid for, is shipped but not delivered, or has a return open. A wrong password is a 400.',
    body: DeleteAccountBody,
    responses: { 200: MessageResponse },
    errors: [400, 409, 413, 415, 429],
  },
});
