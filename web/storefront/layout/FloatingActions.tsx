import { Icon } from '../../ui/icons';
import { useScrolledPast } from '../../ui/useScrolledPast';
import { useShopContacts } from '../components/shopSettings';

/** The floating chat-app link and, once the page is scrolled, a scroll-to-top button. */
export default function FloatingActions() {
  const showTop = useScrolledPast(400);
  const { whatsapp } = useShopContacts();
  return (
    <div className="fixed right-4 bottom-20 z-30 flex flex-col items-end gap-3 md:bottom-6">
      {showTop && (
        <button
          type="button"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          className="flex size-11 items-center justify-center rounded-full bg-white text-brand-700 shadow-lg ring-1 ring-gray-200 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <Icon name="arrowUp" className="size-5" />
        </button>
      )}
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp (opens in a new tab)"
          className="flex size-13 items-center justify-center rounded-full bg-[#1a7f45] text-white shadow-lg hover:bg-[#146638] focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <Icon name="chat" className="size-7" />
        </a>
      ) : null}
    </div>
  );
}
