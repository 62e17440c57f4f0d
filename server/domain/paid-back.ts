// How money was paid back outside the shop (a bank transfer, a cheque, cash), in words: the order's timeline
// (features/orders/lifecycle), the credit note and refund voucher (features/gst) and the credit statement all say it alike.

/** A refund paid back outside the shop: the method and the bank's or cheque's reference. */
export type PaidBack = { method: string; reference: string };

const METHOD_NAMES: Record<string, string> = {
  neft: 'NEFT',
  rtgs: 'RTGS',
  imps: 'IMPS',
  upi: 'UPI',
  cheque: 'cheque',
  cash: 'cash',
};
/** "NEFT UTR123", "cash": how money was paid back outside the shop, in the words of the timeline and the statement. */
export const paidBackWords = (p: PaidBack) => [METHOD_NAMES[p.method] ?? p.method, p.reference].filter(Boolean).join(' ');
