/**
 * The API's address prefixes, each with its area: every route of a contract table lives under one of them (the
 * table's keys are checked against this list by type). They are kept from the shop's first API so older clients
 * and links keep working; docs/glossary.md lists them too.
 */
const ROUTE_PREFIXES = {
  '/u1': 'Users: sign-up, sign-in, sessions, password reset, the account page, the back-office users and outbox',
  '/c1': 'Categories',
  '/c2': 'Cart, and a coupon checked at checkout',
  '/s2': 'Subcategories (the stones)',
  '/p1': 'Products: listings, product pages, search suggestions; the back-office products, sales and coupons',
  '/o1': 'Orders: checkout and payment, the Razorpay webhook, lifecycle, invoices, GSTR-1, the dashboard',
  '/a1': 'The shop: settings, tax rates, the home page content',
} as const;

export type RoutePrefix = keyof typeof ROUTE_PREFIXES;
