/** What every Order answer carries with the lifecycle, at its neutral values, for component tests. */
export const LIFECYCLE_DEFAULTS = {
  events: [],
  shipment: null,
  refunds: [],
  refundedamount: 0,
  discountamount: 0,
  couponcode: '',
  invoice: null,
  receipt: null,
  vouchers: [],
  cancellable: false,
  returnable: false,
  returnrequest: null,
};

/** The admin's extra lifecycle fields. */
export const ADMIN_LIFECYCLE_DEFAULTS = { ...LIFECYCLE_DEFAULTS, refundable: 0, restockable: [] };
