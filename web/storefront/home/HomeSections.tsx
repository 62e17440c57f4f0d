import { BadgeCheck, Gem, Globe, Mail, MapPin, Phone, RotateCcw, Sparkles, Truck } from 'lucide-react';
import { Link } from 'react-router';
import type { StorefrontContent } from '../../api/storefront';
import { freeShippingLine, useShopContacts } from '../components/shopSettings';
import { BestSellers } from './BestSellers';
import { Faq } from './Faq';
import { LatestProducts } from './LatestProducts';
import { StoryBlocks } from './StoryBlocks';
import { TopCategories } from './TopCategories';

/**
 * The home page below the hero and offers, in the shop's order: best sellers, videos, latest products, explore
 * banner, FAQ, categories, then the customers claim, why choose us, about and contact.
 */
export default function HomeSections({ content }: { content: StorefrontContent | undefined }) {
  return (
    <div className="below-fold-sections">
      <BestSellers />
      <StoryBlocks films={content?.films ?? []} />
      <LatestProducts />
      <ExploreBanner />
      <Faq faq={content?.faq ?? []} />
      <TopCategories tiles={content?.tiles ?? []} />
      <WhyChooseUs />
      <AboutAndContact />
    </div>
  );
}

function ExploreBanner() {
  // The picture has its own box beside the words (below them on a phone), so its gems never sit behind the text.
  return (
    <section aria-labelledby="explore" className="mx-auto max-w-7xl px-4 py-10">
      <Link
        to="/all"
        className="group grid overflow-hidden rounded-2xl bg-brand-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      >
        <div className="p-6 text-white sm:p-10" data-testid="explore-text">
          <p className="text-sm font-semibold tracking-widest text-gold-400 uppercase">10,000+ gemstones</p>
          <h2 id="explore" className="mt-1 font-serif text-2xl font-bold sm:text-4xl">
            Explore Our Gemstone Collection
          </h2>
          <p className="mt-2 text-white/90">
            Zodiac stones, Vedic Navratna, rare exclusives and fine jewellery, all certified and energised.
          </p>
          <span className="mt-5 inline-block rounded-md bg-gold-400 px-5 py-2 font-semibold text-brand-900 group-hover:bg-gold-500">
            Explore Now
          </span>
        </div>
        <div className="relative h-36 sm:h-44 md:h-auto md:min-h-full">
          <img
            src="/images/explore.svg"
            width={1600}
            height={500}
            alt=""
            loading="lazy"
            decoding="async"
            data-testid="explore-art"
            className="absolute inset-0 size-full object-cover object-right"
          />
          {/* The picture fades in from the banner's colour: no seam where the words end. */}
          <span
            aria-hidden
            className="absolute inset-x-0 top-0 h-1/2 bg-linear-to-b from-brand-900 to-transparent md:inset-y-0 md:left-0 md:h-full md:w-1/3 md:bg-linear-to-r"
          />
        </div>
      </Link>
    </section>
  );
}

const REASONS = [
  { icon: BadgeCheck, title: 'Certified Stones', text: 'Every gemstone comes with a laboratory certificate.' },
  { icon: RotateCcw, title: '10-Day Returns', text: '10-day no-questions-asked return and refund.' },
  { icon: Globe, title: 'Worldwide Shipping', text: 'We ship to about 195 countries.' },
  { icon: Truck, title: 'Free Shipping', text: '{free shipping}' },
  { icon: Gem, title: '10,000+ Gemstones', text: 'One of the widest collections in Punjab.' },
  { icon: Sparkles, title: 'Energised Stones', text: 'Energised with Vedic rituals before dispatch.' },
] as const;

function WhyChooseUs() {
  const { freeshipping } = useShopContacts();
  // Free shipping as the shipping zones give it; no such line while no zone ships free (or the settings are unknown).
  const line = freeShippingLine(freeshipping);
  const reasons = REASONS.flatMap((r): { icon: (typeof REASONS)[number]['icon']; title: string; text: string }[] =>
    r.text === '{free shipping}' ? (line ? [{ ...r, text: line }] : []) : [r],
  );
  return (
    <section aria-labelledby="why-us" className="bg-brand-900 py-12 text-white">
      <div className="mx-auto max-w-7xl px-4">
        <p className="text-center">
          <span className="block font-serif text-5xl font-bold text-gold-400" data-testid="happy-customers">
            1 lakh+
          </span>
          <span className="mt-1 block text-lg">Happy Customers</span>
        </p>
        <h2 id="why-us" className="mt-10 mb-6 text-center font-serif text-2xl font-bold sm:text-3xl">
          Why Choose Us
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-lg bg-white/10 p-4">
              <Icon aria-hidden className="mt-0.5 size-6 shrink-0 text-gold-400" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-white/85">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function AboutAndContact() {
  const shop = useShopContacts();
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 md:grid-cols-2">
      <section aria-labelledby="home-about">
        <h2 id="home-about" className="font-serif text-2xl font-bold text-gray-900">
          About Ratna Gems
        </h2>
        <p className="mt-3 text-gray-700">
          Ratna Gems is a gemstone and jewellery wholesaler in Ludhiana, Punjab. For over two decades we have supplied jewellers
          and astrologers across India, and today we sell directly to you: natural, certified gemstones at wholesale prices, with
          honest descriptions of every stone.
        </p>
        <Link to="/about" className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4">
          Read our story
        </Link>
      </section>
      <section aria-labelledby="home-contact">
        <h2 id="home-contact" className="font-serif text-2xl font-bold text-gray-900">
          Contact Us
        </h2>
        <ul className="mt-3 space-y-2 text-gray-700">
          <li className="flex gap-2">
            <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {shop.address}
          </li>
          <li className="flex gap-2">
            <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <a href={shop.phone.href} className="hover:underline">
              {shop.phone.label}
            </a>
          </li>
          <li className="flex gap-2">
            <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <a href={`mailto:${shop.email}`} className="hover:underline">
              {shop.email}
            </a>
          </li>
        </ul>
        <Link to="/contact" className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4">
          Write to us
        </Link>
      </section>
    </div>
  );
}
