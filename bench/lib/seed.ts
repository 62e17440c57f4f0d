import type pg from 'pg';

/**
 * A catalogue and an order history of a chosen size, inserted set-wise (generate_series), so 100,000
 * products take seconds. Names follow the shop's own words: `Natural Ruby Oval 1234` under
 * Gemstones › Ruby, so the filter strings of the benchmark match the way shoppers filter.
 */

export const CATALOGUE: Record<string, string[]> = {
  Gemstones: ['Ruby', 'Emerald', 'Blue Sapphire', 'Yellow Sapphire', 'Pearl', 'Red Coral', 'Hessonite', 'Cats Eye'],
  Jewellery: ['Rings', 'Pendants', 'Bracelets', 'Earrings'],
  Rudraksha: ['One Mukhi', 'Five Mukhi', 'Gauri Shankar'],
  Crystals: ['Clear Quartz', 'Amethyst', 'Rose Quartz'],
};
export const SHAPES = ['Oval', 'Cushion', 'Round', 'Pear', 'Heart', 'Emerald Cut', 'Octagon', 'Trillion'];

export async function seedCatalogue(client: pg.Client) {
  for (const [category, subs] of Object.entries(CATALOGUE)) {
    const { rows } = await client.query('insert into categories (name) values ($1) returning id', [category]);
    for (const sub of subs) {
      await client.query('insert into subcategories (name, category_id) values ($1, $2)', [sub, rows[0].id]);
    }
  }
}

/** Adds products until the shop has `total` of them (every 10th inactive, prices ₹500 to ₹2,50,000). */
export async function growProducts(client: pg.Client, total: number) {
  const { rows } = await client.query('select count(*)::int as n from products');
  const from = Number(rows[0].n) + 1;
  if (from > total) return;
  const shapes = `array[${SHAPES.map((s) => `'${s}'`).join(',')}]`;
  await client.query(
    `with subs as (
       select s.id as sid, s.category_id as cid, s.name as sname, row_number() over (order by s.name) - 1 as k,
              count(*) over () as n
       from subcategories s
     )
     insert into products (name, slug, price_paise, description, images, sizes, colours, stock, is_active,
                           category_id, subcategory_id, shape, origin, weightcarrat, created_at, updated_at)
     select 'Natural ' || subs.sname || ' ' || (${shapes})[1 + g % ${SHAPES.length}] || ' ' || g,
            'natural-' || lower(replace(subs.sname, ' ', '-')) || '-' || g,
            50000 + (g::bigint * 7919) % 25000000,
            'A certified natural ' || lower(subs.sname) || ' from the Ludhiana wholesaler, lot ' || g || '.',
            jsonb_build_array('/uploads/products/bench/' || g || '/800.webp'),
            '["5 Ratti","7 Ratti"]'::jsonb,
            '["Red"]'::jsonb,
            1 + g % 20,
            g % 10 <> 0,
            subs.cid, subs.sid,
            (${shapes})[1 + g % ${SHAPES.length}], 'Burma', 1 + (g % 90) / 10.0,
            now() - make_interval(mins => g), now() - make_interval(mins => g)
     from generate_series($1::int, $2::int) g
     join subs on subs.k = g % subs.n`,
    [from, total],
  );
  // As autovacuum would soon after: statistics, and the visibility map that index-only counts rely on.
  await client.query('vacuum analyze products');
}

/**
 * `count` paid orders over the last year from 1,000 shoppers, one to three lines each, with the
 * checkouts they came from; delivery statuses spread over all five.
 */
export async function seedOrders(client: pg.Client, count: number) {
  await client.query(
    `insert into users (fullname, mobileno, password_hash, role)
     select 'Shopper ' || g, '8' || lpad(g::text, 9, '0'), 'not-a-real-hash', 'USER' from generate_series(1, 1000) g
     on conflict do nothing`,
  );
  await client.query(
    `create temporary table bench_users as select id, row_number() over (order by id) - 1 as k from users where role = 'USER'`,
  );
  await client.query(
    `create temporary table bench_products as select id, name, price_paise, row_number() over (order by id) - 1 as k from products`,
  );
  const shipping = `'{"fullname":"Asha Verma","mobileno":"9876543210","address":"12 Mall Road","city":"Ludhiana","pincode":"141001"}'::jsonb`;
  await client.query(
    `insert into checkouts (user_id, provider, provider_order_id, amount_paise, status, lines, shippinginfo,
                            hold_expires_at, created_at, updated_at)
     select u.id, 'sandbox', 'order_Bench' || lpad(g::text, 9, '0'), 100000 + g % 500000, 'placed', '[]'::jsonb, ${shipping},
            now() - make_interval(mins => g * 10) + interval '15 minutes',
            now() - make_interval(mins => g * 10), now() - make_interval(mins => g * 10)
     from generate_series(1, $1::int) g
     join bench_users u on u.k = g % (select count(*) from bench_users)`,
    [count],
  );
  await client.query(
    `insert into orders (user_id, checkout_id, razorpay_order_id, razorpay_payment_id, total_paise, paymentstatus,
                         deliverystatus, shippinginfo, created_at, updated_at)
     select c.user_id, c.id, c.provider_order_id, 'pay_Bench' || substr(c.provider_order_id, 12), c.amount_paise, 'Paid',
            (array['pending','confirmed','shipped','delivered','returned'])[1 + (abs(hashtext(c.provider_order_id)) % 5)],
            c.shippinginfo, c.created_at, c.created_at
     from checkouts c where c.provider_order_id like 'order_Bench%'`,
  );
  await client.query(
    `insert into order_items (order_id, product_id, productname, unit_price_paise, productimage, quantity, position)
     select o.id, p.id, p.name, p.price_paise, '/uploads/products/bench/1/400.webp', 1 + line % 2, line
     from (select id, row_number() over (order by id) as r from orders) o
     cross join lateral generate_series(0, (o.r % 3)::int) line
     join bench_products p on p.k = (o.r * 31 + line) % (select count(*) from bench_products)`,
  );
  await client.query('drop table bench_users; drop table bench_products');
  await client.query('vacuum analyze users, checkouts, orders, order_items');
}
