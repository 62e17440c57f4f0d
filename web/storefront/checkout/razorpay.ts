import type { PaymentResult } from '../../api/orders';

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** @forTests tests check the options handed to the checkout. */
export type RazorpayOptions = {
  key: string;
  /** In the currency's smallest unit, as the server created the order. */
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: { name?: string; contact?: string };
  config?: unknown;
  theme?: { color?: string };
  handler: (result: PaymentResult) => void;
  modal?: { ondismiss?: () => void; confirm_close?: boolean };
  /** Seconds after which Checkout takes no more payment. */
  timeout?: number;
};
type RazorpayInstance = { open(): void; on(event: string, cb: (...args: unknown[]) => void): void };
declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<boolean> | null = null;

/** Loads Razorpay Checkout once, only when the shopper pays. Resolves false when it cannot be loaded. */
export function loadRazorpay(): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  if (loading) return loading;
  loading = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT;
    script.async = true;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => {
      script.remove();
      resolve(false);
    };
    document.body.appendChild(script);
  }).then((ok) => {
    if (!ok) loading = null;
    return ok;
  });
  return loading;
}

/** The methods the shop takes: cards, UPI, net banking and wallets, in that order. */
const PAYMENT_METHODS_CONFIG = {
  display: {
    blocks: {
      shop: {
        name: 'Pay using',
        instruments: [{ method: 'card' }, { method: 'upi' }, { method: 'netbanking' }, { method: 'wallet' }],
      },
    },
    sequence: ['block.shop'],
    preferences: { show_default_blocks: false },
  },
};

/** Opens Razorpay Checkout for an order the server created. */
export function openRazorpay(opts: {
  key: string;
  orderId: string;
  amount: number;
  currency: string;
  name: string;
  contact: string;
  onPaid: (result: PaymentResult) => void;
  onDismiss: () => void;
  /** When the stock hold ends (ISO): Razorpay Checkout stops taking a payment then. */
  holdExpiresAt?: string;
}) {
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Razorpay Checkout is not loaded');
  const rzp = new Razorpay({
    key: opts.key,
    amount: opts.amount,
    currency: opts.currency,
    order_id: opts.orderId,
    name: 'Ratna Gems',
    description: 'Gemstones and jewellery',
    prefill: { name: opts.name, contact: opts.contact },
    config: PAYMENT_METHODS_CONFIG,
    theme: { color: '#7a1f3d' },
    handler: opts.onPaid,
    modal: { ondismiss: opts.onDismiss },
    ...(opts.holdExpiresAt ? { timeout: Math.max(60, Math.floor((Date.parse(opts.holdExpiresAt) - Date.now()) / 1000)) } : {}),
  });
  rzp.open();
}
