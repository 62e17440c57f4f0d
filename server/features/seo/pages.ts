import {
  canonicalListingTerm,
  type ListingNames,
  listingLabel,
  listingTitle,
  readListingTerm,
} from '../../../contract/listing.js';
import type { PageMeta } from '../../http/spa.js';
import type { ProductForPage } from './service.js';
import { productPath } from './service.js';

const SITE = 'Ratna Gems';
const suffix = (title: string) => `${title} | ${SITE}`;

/** Where shipping is free, in paise, as the shipping zones say (`freeShipping`, server/domain/shipping-rates.ts). */
type FreeShippingPaise = { indiaPaise: number | null; worldwidePaise: number | null };

const rupees = (paise: number) => `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(paise / 100)}`;

/**
 * The free-shipping claim the zones make true: worldwide when every zone ships free from some amount (the highest),
 * else India's; null when no order ships free. The storefront says the same (web/storefront/components/shopSettings.ts).
 */
function freeShippingClaim(free: FreeShippingPaise): string | null {
  if (free.worldwidePaise !== null)
    return free.worldwidePaise === 0 ? 'free worldwide shipping' : `free worldwide shipping above ${rupees(free.worldwidePaise)}`;
  if (free.indiaPaise !== null)
    return free.indiaPaise === 0 ? 'free shipping in India' : `free shipping in India above ${rupees(free.indiaPaise)}`;
  return null;
}

/** The shop's promise in a page description, its free-shipping claim only where the zones make it true. */
function promise(free: FreeShippingPaise) {
  const claim = freeShippingClaim(free);
  return claim
    ? `lab-certified natural stones, secure payment, ${claim} and 10-day no-questions-asked returns.`
    : 'lab-certified natural stones, secure payment and 10-day no-questions-asked returns.';
}

/** The policy pages say "Last Updated 11 March 2024". */
export const STATIC_UPDATED = '2024-03-11';

/** A description that states where shipping is free is made from the zones each time. */
type StaticPage = {
  path: string;
  title: string;
  description: string | ((free: FreeShippingPaise) => string);
  index: boolean;
};

/** Pages that are not listings or products. `index: false` pages are kept out of search results and the sitemap. */
export const STATIC_PAGES: StaticPage[] = [
  {
    path: '/about',
    title: 'About Us',
    description: `${SITE} is a gemstone and jewellery wholesaler in Ludhiana, Punjab, selling certified natural gemstones and handmade jewellery to 1 lakh+ happy customers in about 195 countries.`,
    index: true,
  },
  {
    path: '/contact',
    title: 'Contact Us',
    description: `Call, e-mail or visit ${SITE} in Ludhiana for help choosing a gemstone, an order or a return. Open Monday to Friday 8am–5pm and Saturday 10am–8pm.`,
    index: true,
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    description: `The terms of buying gemstones and jewellery from ${SITE}: orders, prices in rupees, payment, shipping and returns.`,
    index: true,
  },
  {
    path: '/cookie-policy',
    title: 'Cookie Policy',
    description: `How ${SITE} uses cookies: a session cookie to keep you signed in and your cart, and nothing for advertising.`,
    index: true,
  },
  {
    path: '/return-policy',
    title: 'Return Policy',
    description: `Return a damaged, defective or wrong item to ${SITE} within 7 days of receipt; refunds reach you in 7–10 business days.`,
    index: true,
  },
  {
    path: '/shipping-policy',
    title: 'Shipping Policy',
    description: (free) => {
      const claim = freeShippingClaim(free);
      return `${SITE} ships insured from Ludhiana: processing within 3 business days, standard delivery in 10, express in 5, international in 15${claim ? `; ${claim}` : ''}.`;
    },
    index: true,
  },
  {
    path: '/cancellation-and-refund-policy',
    title: 'Cancellation and Refund Policy',
    description: `How to cancel an order with ${SITE} and how refunds are made: 7–10 business days to the original payment method.`,
    index: true,
  },
  { path: '/cart', title: 'Shopping Cart', description: 'Your shopping cart.', index: false },
  { path: '/checkout', title: 'Checkout', description: 'Order summary and shipping details.', index: false },
  { path: '/my-orders', title: 'My Orders', description: 'Your orders and their delivery status.', index: false },
  { path: '/account', title: 'My Account', description: 'Your details, password and saved addresses.', index: false },
  { path: '/signin', title: 'Sign In', description: `Sign in to ${SITE} with your mobile number.`, index: false },
  { path: '/signup', title: 'Sign Up', description: `Create a ${SITE} account with your mobile number.`, index: false },
  {
    path: '/forgot-password',
    title: 'Forgot password',
    description: `Set a new ${SITE} password with a code sent by SMS.`,
    index: false,
  },
  { path: '/dashboard', title: 'Dashboard', description: `${SITE} back-office.`, index: false },
  {
    path: '/newsletter/confirm',
    title: 'Newsletter',
    description: `Confirm your subscription to the ${SITE} newsletter.`,
    index: false,
  },
  {
    path: '/newsletter/unsubscribe',
    title: 'Newsletter',
    description: `Unsubscribe from the ${SITE} newsletter.`,
    index: false,
  },
];

/** The gemstone and jewellery pages the storefront links to: every one is a listing page. */
export const STOREFRONT_LISTING_PAGES = [
  'natural-blue-sapphire',
  'emerald',
  'ruby',
  'hessonite',
  'amethyst',
  'peridot',
  'pearl',
  'citrine',
  'pink-sapphire',
  'natural-yellow-sapphire',
  'gemstones-ruby',
  'gemstones-pearl',
  'gemstones-emerald',
  'gemstones-lolite',
  'gemstones-sapphire',
  'gemstones-hessonite',
  'gemstones-opal',
  'gemstones-catseye',
  'gemstones-coral',
  'gemstones-peridot',
  'gemstones-citrine',
  'gemstones-zircon',
  'gemstones-amethyst',
  'gemstones-alexandrite',
  'gemstones-aquamarine',
  'gemstones-tanzanite',
  'gemstones-lapislazuli',
  'gemstones-turquoise',
  'gemstones-tourmaline',
  'gemstones-spinel',
  'gemstones-malachite',
  'gemstones-topaz',
  'jewellery-bracelets',
  'jewellery-earrings',
  'jewellery-pendants',
  'jewellery-rings',
] as const;

const STATIC_BY_PATH = new Map(STATIC_PAGES.map((p) => [p.path, p]));

export function homeMeta(publicUrl: string, free: FreeShippingPaise): PageMeta {
  return {
    title: `${SITE} Ludhiana | Certified Gemstones and Jewellery`,
    description: `Certified natural gemstones and jewellery from a Ludhiana wholesaler: ruby, emerald, sapphire, pearl and more, with ${promise(free)}`,
    canonicalPath: '/',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE,
      url: `${publicUrl}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${publicUrl}/search-{search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  };
}

/** Static pages (about, policies, cart, sign-in, the back-office…), matched case-insensitively as the router does. */
export function staticMeta(pathname: string, free: FreeShippingPaise): PageMeta | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const page = STATIC_BY_PATH.get(path) ?? (path.startsWith('/dashboard/') ? STATIC_BY_PATH.get('/dashboard') : undefined);
  if (!page) return undefined;
  return {
    title: suffix(page.title),
    description: typeof page.description === 'function' ? page.description(free) : page.description,
    canonicalPath: page.path,
    ...(page.index ? {} : { robots: 'noindex' }),
  };
}

const truncate = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
};

const absolute = (publicUrl: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/** A product page: its own title, description, canonical link, picture and Product structured data. */
export function productMeta(product: ProductForPage, publicUrl: string): PageMeta {
  const canonicalPath = productPath(product.category, product.subcategory, product.slug);
  const description = product.metadescription.trim() || truncate(product.description, 160);
  const images = product.images.map((u) => absolute(publicUrl, u));
  return {
    title: product.metatitle.trim() || suffix(product.name),
    description,
    canonicalPath,
    image: product.images[0],
    type: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      image: images,
      description: truncate(product.description, 5000),
      sku: product.id,
      productID: product.id,
      category: `${product.category} > ${product.subcategory}`,
      ...(product.colours[0] ? { color: product.colours[0] } : {}),
      brand: { '@type': 'Brand', name: product.brand.trim() || SITE },
      // Only from approved reviews of delivered buyers; a product without one carries no rating at all.
      ...(product.rating !== null && product.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating.toFixed(1),
              reviewCount: product.reviewCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      offers: {
        '@type': 'Offer',
        url: publicUrl + canonicalPath,
        price: (product.pricePaise / 100).toFixed(2),
        priceCurrency: 'INR',
        availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: SITE },
      },
    },
  };
}

export const PRODUCT_NOT_FOUND: PageMeta = {
  title: suffix('Product Not Found'),
  description: 'The requested product could not be found.',
  status: 404,
  robots: 'noindex',
};

// ------------------------------------------------------------------ listing pages
/**
 * A listing page (/all or /{term}): a title from the names the term matched, and the one address of the page it
 * shows as its canonical link (no sort; a stone's short address `/ruby` is its menus' address `/gemstones-ruby`).
 */
export function listingMeta(term: string, names: ListingNames, free: FreeShippingPaise): PageMeta {
  const label = listingLabel(readListingTerm(term, names));
  const title = listingTitle(term, names);
  return {
    title: suffix(title),
    description: `Shop ${label === 'All Products' ? 'certified gemstones and jewellery' : label.toLowerCase()} online at ${SITE}, Ludhiana: ${promise(free)}`,
    canonicalPath: `/${encodeURIComponent(canonicalListingTerm(term, names))}`,
  };
}
