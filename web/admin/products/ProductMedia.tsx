import { ImagePlus, type LucideIcon, Undo2, Video, X } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import type { Product } from '../../../contract/catalogue';
import { Button, controlClass } from '../../ui/form';
import { thumbnail } from '../format';

type NewFile = { file: File; url: string };

/** The images and video chosen in the product form: new ones (with preview URLs) and current ones marked for removal. */
export function useProductMedia(product?: Product | null) {
  const [newImages, setNewImages] = useState<NewFile[]>([]);
  const [imagesToDelete, setImagesToDelete] = useState<string[]>([]);
  const [video, setVideo] = useState<NewFile | null>(null);
  const [videoToDelete, setVideoToDelete] = useState(false);
  /** Whether the admin had marked the current video for removal before choosing a replacement. */
  const markBeforeReplace = useRef(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const existingVideo = product?.productvideo ?? '';

  // Object URLs of previews are released when they go away.
  const previews = useRef<string[]>([]);
  previews.current = [...newImages.map((i) => i.url), ...(video ? [video.url] : [])];
  useEffect(
    () => () => {
      for (const u of previews.current) URL.revokeObjectURL(u);
    },
    [],
  );

  function addImages(files: FileList | null) {
    if (!files) return;
    const picked = [...files].filter((f) => f.type.startsWith('image/'));
    setNewImages((imgs) => [...imgs, ...picked.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    if (imageInput.current) imageInput.current.value = '';
  }
  function removeNewImage(url: string) {
    URL.revokeObjectURL(url);
    setNewImages((imgs) => imgs.filter((i) => i.url !== url));
  }
  const toggleExistingImage = (url: string) =>
    setImagesToDelete((d) => (d.includes(url) ? d.filter((u) => u !== url) : [...d, url]));

  function chooseVideo(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    if (video) URL.revokeObjectURL(video.url);
    setVideo({ file, url: URL.createObjectURL(file) });
    // Choosing a new video while one exists marks the old one for removal.
    if (existingVideo) {
      if (!video) markBeforeReplace.current = videoToDelete;
      setVideoToDelete(true);
    }
  }
  function clearNewVideo() {
    if (video) URL.revokeObjectURL(video.url);
    setVideo(null);
    if (existingVideo) setVideoToDelete(markBeforeReplace.current);
    if (videoInput.current) videoInput.current.value = '';
  }

  return {
    productname: product?.productname,
    existingImages: product?.productimages ?? [],
    newImages,
    imagesToDelete,
    existingVideo,
    video,
    videoToDelete,
    imageInput,
    videoInput,
    addImages,
    removeNewImage,
    toggleExistingImage,
    chooseVideo,
    clearNewVideo,
    toggleVideoToDelete: () => setVideoToDelete((v) => !v),
    /** What is sent: the new files and the removals. */
    changes: { images: newImages.map((i) => i.file), video: video?.file ?? null, imagesToDelete, videoToDelete },
  };
}

type ProductMedia = ReturnType<typeof useProductMedia>;

/** Current images (each can be marked for removal, or kept again), new images with previews, and the file picker. */
export function ImagesFieldset({ media, disabled }: { media: ProductMedia; disabled: boolean }) {
  const { existingImages, imagesToDelete, newImages } = media;
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Images</legend>
      {existingImages.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Current images">
          {existingImages.map((url, i) => {
            const marked = imagesToDelete.includes(url);
            return (
              <li key={url} className="relative" data-marked={marked}>
                <img
                  src={thumbnail(url)}
                  alt={`${media.productname ?? 'Product'}, view ${i + 1}`}
                  className={`aspect-square w-full rounded-md object-cover ${marked ? 'opacity-30 grayscale' : ''}`}
                />
                {marked ? (
                  <span className="absolute inset-x-0 top-1/3 text-center text-xs font-semibold text-red-700">
                    Will be removed
                  </span>
                ) : null}
                <button
                  type="button"
                  onClick={() => media.toggleExistingImage(url)}
                  aria-pressed={marked}
                  aria-label={marked ? 'Keep this image' : 'Remove this image'}
                  className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-gray-700 shadow hover:bg-white"
                >
                  {marked ? <Undo2 aria-hidden className="size-4" /> : <X aria-hidden className="size-4" />}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {newImages.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="New images">
          {newImages.map((img) => (
            <li key={img.url} className="relative">
              <img
                src={img.url}
                alt={img.file.name}
                className="aspect-square w-full rounded-md object-cover ring-2 ring-green-500"
              />
              <button
                type="button"
                onClick={() => media.removeNewImage(img.url)}
                aria-label={`Remove ${img.file.name}`}
                className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-gray-700 shadow hover:bg-white"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FilePicker
        icon={ImagePlus}
        inputRef={media.imageInput}
        accept="image/*"
        multiple
        label="Product images"
        onFiles={media.addImages}
      >
        Add images (JPEG, PNG, WebP or AVIF, several at once)
      </FilePicker>
    </fieldset>
  );
}

/** The current video (removable, or replaced by a new one), the new video's preview, and the file picker. */
export function VideoFieldset({ media, disabled }: { media: ProductMedia; disabled: boolean }) {
  const { existingVideo, video, videoToDelete } = media;
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Video</legend>
      {existingVideo ? (
        <div
          className="flex items-center gap-3 rounded-md border border-gray-200 p-2"
          data-testid="existing-video"
          data-marked={videoToDelete}
        >
          <video src={existingVideo} className={`h-20 rounded ${videoToDelete ? 'opacity-30' : ''}`} muted preload="metadata" />
          <div className="flex-1 text-sm">
            {videoToDelete ? (
              <span className="font-medium text-red-700">{video ? 'Will be replaced by the new video' : 'Will be removed'}</span>
            ) : (
              <span className="text-gray-700">Current video</span>
            )}
          </div>
          <Button variant="ghost" onClick={media.toggleVideoToDelete} disabled={Boolean(video)} aria-pressed={videoToDelete}>
            {videoToDelete ? 'Keep video' : 'Remove video'}
          </Button>
        </div>
      ) : null}
      {video ? (
        <div className="flex items-center gap-3 rounded-md border border-green-300 p-2">
          <video src={video.url} className="h-20 rounded" muted preload="metadata" />
          <span className="flex-1 truncate text-sm">{video.file.name}</span>
          <Button variant="ghost" onClick={media.clearNewVideo} aria-label={`Remove ${video.file.name}`}>
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      ) : null}
      <FilePicker icon={Video} inputRef={media.videoInput} accept="video/*" label="Product video" onFiles={media.chooseVideo}>
        {existingVideo || video ? 'Replace video (MP4 or WebM)' : 'Add a video (MP4 or WebM)'}
      </FilePicker>
    </fieldset>
  );
}

/** A dashed box that opens the file chooser (its input is hidden and named by `label`). */
export function FilePicker({
  icon: Icon,
  inputRef,
  accept,
  multiple,
  label,
  onFiles,
  children,
}: {
  icon: LucideIcon;
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  multiple?: boolean;
  label: string;
  onFiles: (files: FileList | null) => void;
  children: ReactNode;
}) {
  return (
    <label className={controlClass('compact', 'flex cursor-pointer items-center gap-2 border-dashed text-gray-600')}>
      <Icon aria-hidden className="size-5" />
      <span>{children}</span>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple={multiple}
        className="sr-only"
        aria-label={label}
        onChange={(e) => onFiles(e.target.files)}
      />
    </label>
  );
}
