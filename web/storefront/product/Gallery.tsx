import { useState } from 'react';
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

  return (
    <div>
      <div className="relative aspect-square overflow-hidden rounded-xl bg-gray-100">
        {current?.kind === 'image' && !failed[current.url] && (
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
