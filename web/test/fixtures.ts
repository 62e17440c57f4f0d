import { Address } from '../../contract/accounts';
import { User } from '../../contract/auth';
import { Category, Product, Subcategory } from '../../contract/catalogue';
import { AdminOrder, CartItemView, Order } from '../../contract/orders';
import type { Address as AddressShape } from '../api/account';
import type { AdminOrder as AdminOrderShape, Category as CategoryShape, Subcategory as SubcategoryShape } from '../api/admin';
import type { User as UserShape } from '../api/auth';
import type { CartItem } from '../api/cart';
import type { Product as ProductShape } from '../api/catalogue';
import type { Order as OrderShape } from '../api/orders';
import { parsedAs } from './answers';
import { LIFECYCLE_DEFAULTS } from './order-fixture';

/**
 * The items the API answers with (a cart line, a user, an order, a product…), each checked against the
 * contract's schema for it when a test builds one: an item that drifts from the contract fails the test.
 * Whole answers go through `answerOf` (./answers.ts).
 */
export const cartLineOf = (line: CartItem): CartItem => parsedAs(CartItemView, line, 'Cart line fixture');
export const userOf = (user: UserShape): UserShape => parsedAs(User, user, 'User fixture');
export const orderOf = (order: OrderShape): OrderShape => parsedAs(Order, order, 'Order fixture');
export const adminOrderOf = (order: AdminOrderShape): AdminOrderShape => parsedAs(AdminOrder, order, 'Admin order fixture');
export const productOf = (product: ProductShape): ProductShape => parsedAs(Product, product, 'Product fixture');
export const categoryOf = (category: CategoryShape): CategoryShape => parsedAs(Category, category, 'Category fixture');
export const subcategoryOf = (sub: SubcategoryShape): SubcategoryShape => parsedAs(Subcategory, sub, 'Subcategory fixture');
export const savedAddressOf = (address: AddressShape): AddressShape => parsedAs(Address, address, 'Address fixture');

/** A signed-in shopper as GET /u1/api/checkuser answers them. */
export const SHOPPER: UserShape = userOf({
  _id: 'u1',
  fullname: 'Meera Kapoor',
  mobileno: '9876543210',
  role: 'USER',
  email: '',
  language: 'en',
  marketing: false,
  createdAt: '2025-01-01T00:00:00Z',
});

/** A placed, paid order of one stone, as the shopper's order routes answer it; `over` changes any field. */
export const anOrder = (over: Partial<OrderShape> = {}): OrderShape =>
  orderOf({
    _id: 'o1',
    number: 'RG-000001',
    createdAt: '2025-03-07T09:34:00.000Z',
    status: 'Confirmed',
    deliverystatus: 'confirmed',
    paymentstatus: 'Paid',
    totalamount: 45000,
    products: [
      {
        _id: 'line-1',
        productId: null,
        productname: 'Burmese Ruby',
        productprice: 45000,
        listprice: 45000,
        productimage: '',
        quantity: 1,
        size: '5 ratti',
        colour: 'Red',
      },
    ],
    shippinginfo: {
      fullname: 'Meera Kapoor',
      mobileno: '9876543210',
      address: '12 Mall Road',
      city: 'Ludhiana',
      pincode: '141001',
      state: 'Punjab',
    },
    razorpay_order_id: 'order_TEST00000000001',
    razorpay_payment_id: 'pay_TEST0000000001',
    ...LIFECYCLE_DEFAULTS,
    ...over,
  });

/** A listed, in-stock stone as the product routes answer it; `over` changes any field. */
export const aProduct = (over: Partial<ProductShape> = {}): ProductShape =>
  productOf({
    _id: 'p1',
    productname: 'Burmese Ruby (Manik) 4.55 Carat Oval',
    slug: 'burmese-ruby-manik-4-55-carat-oval',
    productprice: 221300,
    productdescription: '',
    productimages: [],
    productvideo: '',
    productsizes: [],
    productcolours: [],
    rating: 5,
    reviewcount: 12,
    metatitle: '',
    metadescription: '',
    productbrand: '',
    stockquantity: 1,
    isActive: true,
    category: { _id: 'c1', categoryname: 'Gemstones' },
    subcategory: { _id: 's1', subcategoryname: 'Ruby' },
    treatment: '',
    cut: '',
    certification: '',
    shape: 'Oval',
    composition: '',
    origin: 'Burma (Myanmar)',
    excatdimensions: '',
    dimensiontype: '',
    refractiveindex: '',
    specificgravity: '',
    returnpolicy: '',
    weightcarrat: 4.55,
    weightratti: null,
    weightkachiratti: null,
    weightpakkiratti: null,
    weightgrams: null,
    certificatelab: '',
    certificatenumber: '',
    certificatefile: '',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    saleprice: null,
    sale: null,
    ...over,
  });

/**
 * A signed-in jeweller with an approved business account and credit terms (docs/credit.md); `credit` changes the
 * terms (rupees), null gives the business no credit.
 */
export const aCreditBuyer = (credit: Partial<NonNullable<NonNullable<UserShape['business']>['credit']>> | null = {}): UserShape =>
  userOf({
    ...SHOPPER,
    fullname: 'Rohit Jain',
    business: {
      _id: 'b1',
      status: 'approved',
      legalname: 'Jain Gems Private Limited',
      tradename: 'Jain Gems',
      gstin: '03AABCR1234K1ZV',
      address: '4 Sarafa Bazaar',
      city: 'Ludhiana',
      state: 'Punjab',
      pincode: '141008',
      note: '',
      reason: '',
      pricegroup: null,
      credit: credit === null ? null : { days: 30, limit: 500000, outstanding: 0, overdue: false, ...credit },
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
  });

/** A cart line of one ruby as the cart's routes answer it; `over` changes any field. */
export const aCartLine = (over: Partial<CartItem> = {}): CartItem =>
  cartLineOf({
    cartItemId: 'c1',
    _id: 'c1',
    productId: 'p1',
    productname: 'Burmese Ruby (Manik) 4.55 Carat Oval',
    productprice: 221300,
    listprice: 221300,
    productimages: [],
    productcolours: [],
    productsizes: [],
    productcolour: '',
    productsize: '',
    quantity: 1,
    stockquantity: 1,
    unavailable: false,
    setting: null,
    ...over,
  });

/** The ruby set in a 22-karat solitaire ring of size 14, as a cart or order line carries it (rupees). */
export const A_RING_SETTING: NonNullable<CartItem['setting']> = {
  design: { _id: 'd1', name: 'Solitaire ring' },
  kind: 'ring',
  metal: 'gold-22k',
  size: 14,
  grams: 4.04,
  rate: 7195,
  making: 3488.18,
  stonenet: 220748.13,
};
