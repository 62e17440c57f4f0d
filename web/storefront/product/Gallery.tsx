import { useEffect, useRef, useState } from 'react';
import { GALLERY_IMAGE_SIZES, imageSrcSet, imageUrlAt } from '../../../contract/images';
import type { Product } from '../../api/catalogue';

type Media = { kind: 'image'; url: string } | { kind: 'video'; url: string };

/** The product's images (first shown), then its video; the video alone when there are no images. */
export function Gallery({ product }: { product: Product }) {
  const media: Media[] = [
    ...product.productimages.map((url) => ({ kind: 'image' as const, url })),
    ...(product.productvideo ? [{ kind: 'video' as const, url: product.productvideo }] : []),
  ];
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<Record<string, boolean>>({});
  const current = media[index];
  const [viewing, setViewing] = useState(false);
  const full = current?.kind === 'image' ? imageUrlAt(current.url, 1280) : '';

  return (
    <div>
      <div className="relative aspect-square overflow-hidden rounded-xl bg-gray-100">
        {current?.kind === 'image' && !failed[current.url] && (
          // The picture opens full size: in the page's own viewer once the app runs, as the picture itself before.
          <a
            href={full}
            onClick={(e) => {
              e.preventDefault();
              setViewing(true);
            }}
            aria-label={`View ${index === 0 ? 'the picture' : `picture ${index + 1}`} full size`}
            className="block size-full cursor-zoom-in focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
          >
            <img
              src={imageUrlAt(current.url, 1280)}
              srcSet={imageSrcSet(current.url)}
              sizes={GALLERY_IMAGE_SIZES}
              width={1280}
              height={1280}
              alt={index === 0 ? product.productname : `${product.productname}, picture ${index + 1}`}
              fetchPriority={index === 0 ? 'high' : undefined}
              onError={() => setFailed((f) => ({ ...f, [current.url]: true }))}
              className="size-full object-cover"
            />
          </a>
        )}
        {current?.kind === 'video' && (
          // biome-ignore lint/a11y/useMediaCaption: product clips are silent close-ups of the stone
          <video
            src={current.url}
            controls
            playsInline
            preload="metadata"
            className="size-full bg-black object-contain"
            aria-label={`${product.productname}, video`}
          />
        )}
      </div>
      {viewing && full && <FullSizeViewer src={full} alt={product.productname} onClose={() => setViewing(false)} />}
      {media.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Pictures and video">
          {media.map((m, i) => (
            <li key={m.url} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={m.kind === 'video' ? 'Show video' : `Show picture ${i + 1}`}
                className={`flex size-16 items-center justify-center overflow-hidden rounded-md border-2 bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:size-20 ${
                  i === index ? 'border-brand-700' : 'border-transparent hover:border-gray-300'
                }`}
              >
                {m.kind === 'image' ? (
                  !failed[m.url] && (
                    <img
                      src={imageUrlAt(m.url, 320)}
                      width={80}
                      height={80}
                      alt=""
                      loading="lazy"
                      onError={() => setFailed((f) => ({ ...f, [m.url]: true }))}
                      className="size-full object-cover"
                    />
                  )
                ) : (
                  <span aria-hidden="true" className="text-xs font-semibold text-gray-700">
                    ▶ Video
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A product picture at its full stored size over the page: a modal dialog (focus inside it, the page behind inert),
 * closed by Escape, the Close button or a tap beside the picture; focus goes back to the picture it was opened from.
 */
function FullSizeViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap beside the picture; the keyboard has Escape and the Close button
    <dialog
      ref={ref}
      aria-label={`${alt}, full size`}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) ref.current?.close();
      }}
      className="m-auto size-full max-h-none max-w-none bg-black/90 p-0 backdrop:bg-black/70"
    >
      <div className="flex size-full items-center justify-center p-2 sm:p-6">
        <img src={src} alt={alt} width={1280} height={1280} className="max-h-full max-w-full object-contain" />
      </div>
      <button
        type="button"
        onClick={() => ref.current?.close()}
        className="absolute top-3 right-3 rounded-md bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        Close
      </button>
    </dialog>
  );
}
