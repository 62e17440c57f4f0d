import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { type Design, madeToOrderApi } from '../../api/made-to-order';
import { errorText, thumbnail } from '../format';
import { FilePicker } from '../products/ProductMedia';

/**
 * A design's pictures in its dialog: each shown with a button removing it, and a picker adding more (JPEG, PNG,
 * WebP or AVIF, as for a product). Each change is sent at once and the design's pictures shown as the server answers.
 */
export function DesignPictures({
  design,
  onChanged,
  notifyError,
}: {
  design: Design;
  onChanged: () => void;
  notifyError: (text: string) => void;
}) {
  const [images, setImages] = useState(design.images);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function run(action: () => Promise<{ design: Design }>, failed: string) {
    setBusy(true);
    try {
      setImages((await action()).design.images);
      onChanged();
    } catch (err) {
      notifyError(errorText(err, failed));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  function add(files: FileList | null) {
    const picked = [...(files ?? [])].filter((f) => f.type.startsWith('image/'));
    if (!picked.length) return;
    void run(() => madeToOrderApi.designs.addImages(design._id, picked), 'Failed to add the pictures');
  }

  return (
    <fieldset disabled={busy} className="mt-4 space-y-3" aria-busy={busy}>
      <legend className="mb-2 text-sm font-medium text-gray-800">Pictures</legend>
      {images.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Pictures of the design">
          {images.map((url, i) => (
            <li key={url} className="relative">
              <img
                src={thumbnail(url)}
                alt={`${design.name}, view ${i + 1}`}
                className="aspect-square w-full rounded-md object-cover"
              />
              <button
                type="button"
                onClick={() =>
                  void run(() => madeToOrderApi.designs.removeImage(design._id, url), 'Failed to remove the picture')
                }
                aria-label={`Remove view ${i + 1}`}
                className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-gray-700 shadow hover:bg-white"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">No pictures yet: the shop shows the stone alone.</p>
      )}
      <FilePicker icon={ImagePlus} inputRef={input} accept="image/*" multiple label="Design pictures" onFiles={add}>
        Add pictures (JPEG, PNG, WebP or AVIF, several at once)
      </FilePicker>
    </fieldset>
  );
}
