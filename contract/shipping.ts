import { z } from 'zod';
import { checkShipping, SHIPPING_FIELDS } from './shipping-rules.js';

export * from './shipping-rules.js';

const field = z.string().max(2000).default('');

/**
 * Request-body schema for shipping info: trims every field and reports the broken rules in the order of contract/shipping-rules.ts
 * (the first issue is the form-level message, then one issue per field). Parses to trimmed strings.
 * @forTests the tests parse request bodies with it to check the messages and their order
 */
export const ShippingInfoInput = z
  .object({ fullname: field, mobileno: field, address: field, city: field, pincode: field })
  .transform((v, ctx) => {
    const check = checkShipping(v);
    if (check.first) {
      ctx.addIssue({ code: 'custom', message: check.first, path: [] });
      for (const f of SHIPPING_FIELDS) {
        const message = check.fields[f];
        if (message) ctx.addIssue({ code: 'custom', message, path: [f] });
      }
      return z.NEVER;
    }
    return check.value;
  });
/** @forTests the tests parse request bodies with it to check the messages and their order */
export type ShippingInfoInput = z.output<typeof ShippingInfoInput>;
