import { z } from 'zod';
import { Product } from './catalogue.js';

export const CartItem = z.object({
  cartItemId: z.string(),
  _id: z.string(),
  productId: z.string().nullable(),
  productname: z.string(),
  productprice: z.number(),
  productimages: z.array(z.string()),
  productcolours: z.array(z.string()),
  productsizes: z.array(z.string()),
  productcolour: z.string(),
  productsize: z.string(),
  quantity: z.number().int(),
  stockquantity: z.number().int(),
});
export type CartItem = z.infer<typeof CartItem>;

export const ShippingInfo = z.object({
  fullname: z.string(),
  mobileno: z.string(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
});
export type ShippingInfo = z.infer<typeof ShippingInfo>;

export const DELIVERY_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'returned'] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export const PaymentStatus = z.enum(['Paid', 'Pending', 'Failed', 'Refunded']);

export const OrderLine = z.object({
  productId: Product.nullable(),
  productname: z.string(),
  productprice: z.number(),
  productimage: z.string(),
  quantity: z.number().int(),
  size: z.string(),
  colour: z.string(),
});

export const Order = z.object({
  _id: z.string(),
  createdAt: z.string(),
  status: z.enum(['Pending', 'Confirmed', 'Shipped', 'Delivered', 'Returned']),
  deliverystatus: DeliveryStatus,
  paymentstatus: PaymentStatus,
  totalamount: z.number(),
  products: z.array(OrderLine),
  shippinginfo: ShippingInfo,
  user: z.object({ _id: z.string(), fullname: z.string(), mobileno: z.string() }).nullable().optional(),
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
});
export type Order = z.infer<typeof Order>;
