/**
 * What a service reports when it cannot do what was asked, in the shop's own terms. Each kind is answered with
 * one HTTP status in one place (server/http/errors.ts); the message and field errors go to the client as they are.
 */

/** A problem with one field of the input: its path (`shippinginfo.pincode`) and what is wrong. */
type FieldError = { path: string; message: string };

export abstract class DomainError extends Error {
  constructor(
    message: string,
    public readonly errors?: FieldError[],
  ) {
    super(message);
  }

  /** The same failure, with other field errors. */
  withErrors(errors: FieldError[]): this {
    const copy = Object.create(Object.getPrototypeOf(this)) as this;
    Object.assign(copy, this, { errors, message: this.message });
    return copy;
  }
}

/** The input cannot be used: a missing or wrong field, a rule of the shop it breaks. */
export class InvalidInput extends DomainError {}
/** Only a signed-in user may do this. */
export class NotSignedIn extends DomainError {
  constructor(message = 'Please sign in to continue') {
    super(message);
  }
}
/** The signed-in user may not do this. */
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to do this') {
    super(message);
  }
}
/** What was asked for does not exist (or is not this user's to see). */
export class NotFound extends DomainError {
  constructor(message = 'Not found', errors?: FieldError[]) {
    super(message, errors);
  }
}
/** It cannot be done in the state things are in now (already paid, a name taken, sold out). */
export class Conflict extends DomainError {}
/** A file or a list is larger than the shop takes. */
export class TooLarge extends DomainError {}
/** A file or body of a kind the shop does not take. */
export class UnsupportedType extends DomainError {}
/** Too many attempts: tried again later, after `retryAfterSeconds` when it is known. */
export class TooMany extends DomainError {
  constructor(
    message: string,
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
/** The payment provider refused or failed (Razorpay answered with an error). */
export class PaymentServiceFailed extends DomainError {}
/** A service the shop depends on (the payment provider, media storage) cannot be reached now. */
export class Unavailable extends DomainError {}
