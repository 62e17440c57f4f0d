import crypto from 'node:crypto';

/**
 * Lowercase hex HMAC-SHA256, as Razorpay signs payments and webhooks.
 * @forTests tests sign webhook bodies and payments the way Razorpay does
 */
export function hmacHex(secret: string, data: string | Buffer) {
  return crypto.createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a hex signature we computed with one we were given. */
function signaturesMatch(expectedHex: string, givenHex: string) {
  if (typeof givenHex !== 'string' || !/^[0-9a-f]+$/i.test(givenHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex.toLowerCase(), 'hex');
  // timingSafeEqual needs equal lengths; a length difference reveals nothing about the secret.
  if (expected.length !== given.length || expected.length === 0) return false;
  return crypto.timingSafeEqual(expected, given);
}

/** Checkout result signature: hex(HMAC_SHA256(order_id + "|" + payment_id, key_secret)). */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string) {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

export function verifyPaymentSignature(orderId: string, paymentId: string, signature: string, keySecret: string) {
  return signaturesMatch(paymentSignature(orderId, paymentId, keySecret), signature);
}

/** Webhook signature: hex(HMAC_SHA256(raw body bytes, webhook_secret)). */
export function verifyWebhookSignature(rawBody: Buffer, signature: string | undefined, webhookSecret: string) {
  if (!signature) return false;
  return signaturesMatch(hmacHex(webhookSecret, rawBody), signature.trim());
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** An id in Razorpay's form: a prefix and 14 alphanumerics (order_…, pay_…, rfnd_…). */
export function providerStyleId(prefix: string) {
  let out = '';
  for (const byte of crypto.randomBytes(14)) out += ALNUM[byte % ALNUM.length];
  return `${prefix}_${out}`;
}
