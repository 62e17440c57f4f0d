// The demo shop's reviews: every star it shows comes from a demo buyer whose order of that product was delivered.
import crypto from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { checkouts, orderItems, orders, productReviews, users } from '../../db/schema.js';
import { authorName } from './service.js';

const DAY = 86_400_000;

/** The demo buyers (they cannot sign in: their password hash matches no password). */
const BUYERS = [
  { fullname: 'Ananya Sharma', city: 'Delhi', state: 'Delhi', pincode: '110017' },
  { fullname: 'Rohit Malhotra', city: 'Ludhiana', state: 'Punjab', pincode: '141001' },
  { fullname: 'Priya Nair', city: 'Kochi', state: 'Kerala', pincode: '682016' },
  { fullname: 'Sandeep Gill', city: 'Amritsar', state: 'Punjab', pincode: '143001' },
  { fullname: 'Meenakshi Iyer', city: 'Chennai', state: 'Tamil Nadu', pincode: '600004' },
  { fullname: 'Arjun Mehta', city: 'Ahmedabad', state: 'Gujarat', pincode: '380009' },
  { fullname: 'Kavita Joshi', city: 'Jaipur', state: 'Rajasthan', pincode: '302001' },
  { fullname: 'Harpreet Kaur', city: 'Chandigarh', state: 'Chandigarh', pincode: '160017' },
  { fullname: 'Vivek Bansal', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' },
  { fullname: 'Sneha Kulkarni', city: 'Pune', state: 'Maharashtra', pincode: '411004' },
];

type Words = { rating: number; title: string; body: string };
const STONE_WORDS: Words[] = [
  {
    rating: 5,
    title: 'Exactly as pictured',
    body: 'The colour is even and bright in daylight, and the lab report matched the stone. Packed safely.',
  },
  {
    rating: 4,
    title: 'Good stone, slow courier',
    body: 'Clean stone with good lustre. Delivery took two days longer than promised, otherwise happy.',
  },
  {
    rating: 5,
    title: 'Certified and genuine',
    body: 'I had it checked at a local lab and the weight and treatment were exactly as listed. Will buy again.',
  },
  {
    rating: 4,
    title: 'Nice colour',
    body: 'Slightly darker than the photos under tube light, but lovely in sunlight. Good value for the weight.',
  },
  {
    rating: 3,
    title: 'Small inclusion',
    body: 'There is a small inclusion visible from the side. It was mentioned in the description, so fair enough.',
  },
  {
    rating: 5,
    title: 'Astrologer approved',
    body: 'Our family astrologer checked it and was pleased with the clarity and weight in ratti. Thank you.',
  },
];
const JEWELLERY_WORDS: Words[] = [
  {
    rating: 5,
    title: 'Beautiful finish',
    body: 'The setting is neat and the stone sits firmly. It looks even better than in the photos.',
  },
  {
    rating: 4,
    title: 'Lovely, a little snug',
    body: 'Very pretty piece and good polish. The size runs a little small, so order half a size up.',
  },
  {
    rating: 5,
    title: 'Perfect gift',
    body: 'Bought it for my mother and she loves it. The box and the certificate came with it as promised.',
  },
  {
    rating: 4,
    title: 'Good quality',
    body: 'Well made and comfortable to wear every day. Took a week to arrive but it was worth the wait.',
  },
];
const REPLIES = [
  'Thank you for your kind words! We are glad the stone reached you safely.',
  'Thank you for the feedback. We have spoken to our courier about the delay.',
];

type SeededProduct = { id: string; name: string; pricePaise: number; image: string; jewellery: boolean };

/**
 * Demo buyers, their delivered orders and their approved reviews of about a third of the products (one to four
 * each), then each product's rating and count from those reviews: nothing the shop shows is a typed number.
 */
export async function seedDemoReviews(tx: DbOrTx, list: SeededProduct[], now = Date.now()) {
  await tx
    .insert(users)
    .values(
      BUYERS.map((b, i) => ({
        fullname: b.fullname,
        mobileno: `60000001${String(i).padStart(2, '0')}`,
        passwordHash: `!demo-buyer-${crypto.randomUUID()}`,
      })),
    )
    .onConflictDoNothing();
  const mobiles = BUYERS.map((_, i) => `60000001${String(i).padStart(2, '0')}`);
  const buyers = await tx.select({ id: users.id, mobileno: users.mobileno }).from(users).where(inArray(users.mobileno, mobiles));
  const buyerId = new Map(buyers.map((b) => [b.mobileno, b.id]));

  let n = 0;
  const reviewed = list.filter((_, i) => i % 3 === 0);
  for (const [k, product] of reviewed.entries()) {
    const count = 1 + (k % 4);
    const words = product.jewellery ? JEWELLERY_WORDS : STONE_WORDS;
    for (let j = 0; j < count; j++) {
      n += 1;
      const b = (k + j * 3) % BUYERS.length;
      const buyer = BUYERS[b] as (typeof BUYERS)[number];
      const userId = buyerId.get(mobiles[b] as string);
      if (!userId) continue;
      const w = words[(k + j) % words.length] as Words;
      const placedAt = new Date(now - (30 + ((k * 7 + j * 11) % 150)) * DAY);
      const deliveredAt = new Date(placedAt.getTime() + 5 * DAY);
      const reviewedAt = new Date(deliveredAt.getTime() + (2 + (j % 6)) * DAY);
      const shippinginfo = {
        fullname: buyer.fullname,
        mobileno: mobiles[b] as string,
        address: `${12 + b} Demo Street`,
        city: buyer.city,
        pincode: buyer.pincode,
        state: buyer.state,
      };
      const [checkout] = await tx
        .insert(checkouts)
        .values({
          userId,
          provider: 'sandbox',
          providerOrderId: `demo_order_${n}`,
          amountPaise: product.pricePaise,
          status: 'placed',
          lines: [],
          shippinginfo,
          holdExpiresAt: placedAt,
          createdAt: placedAt,
          updatedAt: placedAt,
        })
        .returning({ id: checkouts.id });
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          checkoutId: (checkout as { id: string }).id,
          razorpayOrderId: `demo_order_${n}`,
          razorpayPaymentId: `demo_pay_${n}`,
          totalPaise: product.pricePaise,
          paidPaise: product.pricePaise,
          paymentstatus: 'Paid',
          deliverystatus: 'delivered',
          shippinginfo,
          deliveredAt,
          shippedAt: new Date(placedAt.getTime() + 2 * DAY),
          createdAt: placedAt,
          updatedAt: deliveredAt,
        })
        .returning({ id: orders.id });
      const orderId = (order as { id: string }).id;
      const [line] = await tx
        .insert(orderItems)
        .values({
          orderId,
          productId: product.id,
          productname: product.name,
          unitPricePaise: product.pricePaise,
          productimage: product.image,
          quantity: 1,
        })
        .returning({ id: orderItems.id });
      const reply = w.rating < 5 && j % 2 === 0 ? (REPLIES[(k + j) % REPLIES.length] as string) : '';
      await tx.insert(productReviews).values({
        productId: product.id,
        orderId,
        orderItemId: (line as { id: string }).id,
        userId,
        author: authorName(buyer.fullname),
        rating: w.rating,
        title: w.title,
        body: w.body,
        status: 'approved',
        reply,
        replyAt: reply ? new Date(reviewedAt.getTime() + DAY) : null,
        moderatedAt: new Date(reviewedAt.getTime() + DAY),
        createdAt: reviewedAt,
        updatedAt: reviewedAt,
      });
    }
  }
  await tx.execute(sql`
    update products p set rating = s.average, review_count = s.n
    from (
      select product_id, round(avg(rating)::numeric, 1) as average, count(*)::int as n
      from product_reviews where status = 'approved' group by product_id
    ) s
    where p.id = s.product_id`);
  return n;
}
