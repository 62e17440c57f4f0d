import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2, Upload } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type AdminSale, adminApi, type StorefrontContent } from '../../api/admin';
import { Faq } from '../../storefront/home/Faq';
import { HeroSlider } from '../../storefront/home/HeroSlider';
import { homeKeys } from '../../storefront/home/loader';
import { PromoBanners } from '../../storefront/home/PromoBanners';
import { StoryBlocks } from '../../storefront/home/StoryBlocks';
import { TopCategories } from '../../storefront/home/TopCategories';
import { Button, controlClass, Field, IconButton, Input, Select, Textarea } from '../../ui/form';
import { errorText, fieldErrorsOf } from '../format';
import { notice } from '../ui/Notice';
import { LoadError, PageHeader } from '../ui/Page';

const KEY = ['admin', 'storefront'];

type Slide = StorefrontContent['slides'][number];
type Banner = StorefrontContent['banners'][number];
type Tile = StorefrontContent['tiles'][number];
type Question = StorefrontContent['faq'][number];
type Film = StorefrontContent['films'][number];
type ListName = 'slides' | 'banners' | 'tiles' | 'films' | 'faq';

type FieldSpec = {
  key: string;
  label: string;
  /** `video`: the film's MP4 and WebM files (fields `mp4` and `webm`), at least one of them. */
  kind?: 'text' | 'textarea' | 'image' | 'sale' | 'video';
  required?: boolean;
  max: number;
  hint?: string;
  placeholder?: string;
};

const LISTS: Record<
  ListName,
  { title: string; item: string; max: number; min: number; fields: FieldSpec[]; blank: () => Record<string, unknown> }
> = {
  slides: {
    title: 'Hero slides',
    item: 'Slide',
    max: 6,
    min: 1,
    fields: [
      { key: 'image', label: 'Picture', kind: 'image', required: true, max: 500, hint: 'Wide, about 1600 × 640' },
      { key: 'kicker', label: 'Line above the heading', max: 80 },
      { key: 'heading', label: 'Heading', required: true, max: 120 },
      { key: 'text', label: 'Text', kind: 'textarea', max: 300 },
      { key: 'cta', label: 'Button', max: 40, placeholder: 'Shop Now' },
      {
        key: 'link',
        label: 'Link',
        required: true,
        max: 300,
        placeholder: '/all',
        hint: 'A page of the shop, e.g. /gemstones-ruby',
      },
    ],
    blank: () => ({ image: '', kicker: '', heading: '', text: '', cta: 'Shop Now', link: '/all' }),
  },
  banners: {
    title: 'Promo banners',
    item: 'Banner',
    max: 4,
    min: 0,
    fields: [
      { key: 'image', label: 'Picture', kind: 'image', required: true, max: 500, hint: 'About 800 × 400' },
      {
        key: 'saleId',
        label: 'Sale it advertises',
        kind: 'sale',
        max: 40,
        hint: 'Its percentage is shown from the sale, and the banner only while the sale runs',
      },
      { key: 'heading', label: 'Heading', required: true, max: 120 },
      { key: 'text', label: 'Text', kind: 'textarea', max: 300 },
      { key: 'cta', label: 'Link text', max: 40, placeholder: 'Shop Emerald' },
      { key: 'path', label: 'Link', required: true, max: 300, placeholder: '/gemstones-emerald' },
    ],
    blank: () => ({ image: '', heading: '', text: '', cta: '', path: '/all', saleId: null, sale: null }),
  },
  tiles: {
    title: 'Category tiles',
    item: 'Tile',
    max: 12,
    min: 0,
    fields: [
      { key: 'image', label: 'Picture', kind: 'image', required: true, max: 500, hint: 'About 520 × 360' },
      { key: 'name', label: 'Name', required: true, max: 60 },
      { key: 'path', label: 'Link', required: true, max: 300, placeholder: '/gemstones-ruby' },
    ],
    blank: () => ({ image: '', name: '', path: '/' }),
  },
  films: {
    title: 'Films',
    item: 'Film',
    max: 2,
    min: 0,
    fields: [
      { key: 'title', label: 'Title', required: true, max: 120 },
      { key: 'text', label: 'Story', kind: 'textarea', max: 600 },
      {
        key: 'poster',
        label: 'Poster',
        kind: 'image',
        required: true,
        max: 500,
        hint: 'Shown until the film is played; 16:9, about 1280 × 720',
      },
      {
        key: 'video',
        label: 'Video',
        kind: 'video',
        required: true,
        max: 500,
        hint: 'MP4 or WebM, at most 100 MB; upload both and each browser plays the one it can',
      },
    ],
    blank: () => ({ title: '', text: '', poster: '', mp4: '', webm: '' }),
  },
  faq: {
    title: 'FAQ',
    item: 'Question',
    max: 30,
    min: 0,
    fields: [
      { key: 'question', label: 'Question', required: true, max: 300 },
      {
        key: 'answer',
        label: 'Answer',
        kind: 'textarea',
        required: true,
        max: 3000,
        hint: 'Plain text; [words](/return-policy) links to a page of the shop',
      },
    ],
    blank: () => ({ question: '', answer: '' }),
  },
};

let fresh = 0;
const newId = () => `new-${++fresh}`;

/** An upload to the shop with its progress (percent, or null when none runs) and the sentence of its failure. */
function useUpload<T>(
  send: (file: File, progress: (percent: number) => void) => Promise<T>,
  done: (answer: T) => void,
  failure: string,
) {
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState('');
  async function upload(file: File | undefined) {
    if (!file) return;
    setFailed('');
    setBusy(0);
    try {
      done(await send(file, setBusy));
    } catch (err) {
      setFailed(errorText(err, failure));
    } finally {
      setBusy(null);
    }
  }
  return { busy, failed, upload };
}

/** The button-like label of a file input: what it does, or the upload's progress while one runs. */
function UploadInput({
  id,
  accept,
  busy,
  disabled,
  idle,
  onFile,
}: {
  id: string;
  accept: string;
  busy: number | null;
  disabled: boolean;
  idle: string;
  onFile: (file: File | undefined) => Promise<void>;
}) {
  return (
    <label className={controlClass('compact', 'flex w-auto cursor-pointer items-center gap-2')}>
      <Upload aria-hidden className="size-4" />
      {busy !== null ? `Uploading… ${busy}%` : idle}
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        disabled={disabled || busy !== null}
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );
}

/** What the picture and video upload fields share: a labelled field with its error and hint. */
type UploadFieldProps = { id: string; label: string; error?: string; hint?: string; disabled: boolean };

function ImageField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  disabled,
}: UploadFieldProps & { value: string; onChange: (url: string) => void }) {
  const { busy, failed, upload } = useUpload(
    adminApi.storefront.uploadImage,
    (res) => onChange(res.url),
    'The picture could not be uploaded',
  );
  return (
    <Field id={id} label={label} required error={failed || error} hint={hint}>
      <div className="flex items-center gap-3">
        {value ? (
          <img src={value} alt="" width={96} height={54} className="h-14 w-24 shrink-0 rounded border object-cover" />
        ) : (
          <span className="flex h-14 w-24 shrink-0 items-center justify-center rounded border border-dashed text-xs text-gray-500">
            No picture
          </span>
        )}
        <UploadInput
          id={id}
          accept="image/jpeg,image/png,image/webp,image/avif"
          busy={busy}
          disabled={disabled}
          idle={value ? 'Replace picture' : 'Upload picture'}
          onFile={upload}
        />
      </div>
    </Field>
  );
}

const FORMATS = [
  { format: 'mp4', name: 'MP4' },
  { format: 'webm', name: 'WebM' },
] as const;

/** A film's files: the MP4 and the WebM it has (each removable), and an upload that fills the one the file is. */
function VideoField({
  id,
  label,
  owner,
  files,
  onChange,
  error,
  hint,
  disabled,
}: UploadFieldProps & {
  /** Whose files they are (`Film 1`). */
  owner: string;
  files: { mp4: string; webm: string };
  onChange: (format: 'mp4' | 'webm', url: string) => void;
}) {
  const { busy, failed, upload } = useUpload(
    adminApi.storefront.uploadVideo,
    (res) => onChange(res.format, res.url),
    'The video could not be uploaded',
  );
  const present = FORMATS.filter((f) => files[f.format]);
  return (
    <Field id={id} label={label} required error={failed || error} hint={hint}>
      <div className="space-y-2">
        {present.length ? (
          <ul className="space-y-1 text-sm" aria-label={`Files of ${owner.toLowerCase()}`}>
            {present.map(({ format, name }) => (
              <li key={format} className="flex min-w-0 items-center gap-2">
                <span className="w-12 shrink-0 font-medium text-gray-800">{name}</span>
                <a
                  href={files[format]}
                  target="_blank"
                  rel="noreferrer"
                  className="min-w-0 truncate text-brand-700 underline underline-offset-2"
                >
                  {files[format].split('/').slice(-2).join('/')}
                </a>
                <IconButton
                  label={`Remove ${owner.toLowerCase()}’s ${name}`}
                  tone="red"
                  disabled={disabled}
                  onClick={() => onChange(format, '')}
                >
                  <Trash2 aria-hidden className="size-4" />
                </IconButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-gray-500">No video yet</p>
        )}
        <UploadInput
          id={id}
          accept="video/mp4,video/webm"
          busy={busy}
          disabled={disabled}
          idle={present.length ? 'Upload an MP4 or WebM (replaces that one)' : 'Upload the video'}
          onFile={upload}
        />
      </div>
    </Field>
  );
}

function ListEditor<T extends { _id: string }>({
  name,
  items,
  setItems,
  sales,
  preview,
  onSaved,
  notifyError,
}: {
  name: ListName;
  items: T[];
  setItems: (next: T[]) => void;
  sales: AdminSale[];
  preview: ReactNode;
  onSaved: (message: string, saved: StorefrontContent) => void;
  notifyError: (text: string) => void;
}) {
  const spec = LISTS[name];
  const uid = useId();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (i: number, key: string, value: unknown) =>
    setItems(items.map((it, k) => (k === i ? ({ ...it, [key]: value } as T) : it)));
  const move = (i: number, by: number) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it as T);
    setItems(next);
  };

  async function save() {
    const found: Record<string, string> = {};
    items.forEach((it, i) => {
      for (const f of spec.fields) {
        const row = it as Record<string, unknown>;
        if (f.kind === 'video') {
          if (f.required && !row.mp4 && !row.webm) found[`${name}.${i}.mp4`] = 'Upload the film (MP4 or WebM)';
          continue;
        }
        const v = row[f.key];
        if (f.required && (typeof v !== 'string' || !v.trim())) {
          found[`${name}.${i}.${f.key}`] = f.kind === 'image' ? 'Upload a picture' : `Please enter the ${f.label.toLowerCase()}`;
        }
      }
    });
    if (items.length < spec.min) found[name] = `Keep at least ${spec.min} ${spec.item.toLowerCase()}`;
    setErrors(found);
    if (Object.keys(found).length) return;
    const rows = items.map((it) => {
      const out: Record<string, unknown> = {};
      for (const f of spec.fields) {
        const row = it as Record<string, unknown>;
        if (f.kind === 'video') {
          out.mp4 = row.mp4 ?? '';
          out.webm = row.webm ?? '';
        } else out[f.key] = row[f.key] ?? (f.kind === 'sale' ? null : '');
      }
      return out;
    });
    setSaving(true);
    try {
      const res =
        name === 'slides'
          ? await adminApi.storefront.saveSlides(rows as never)
          : name === 'banners'
            ? await adminApi.storefront.saveBanners(rows as never)
            : name === 'tiles'
              ? await adminApi.storefront.saveTiles(rows as never)
              : name === 'films'
                ? await adminApi.storefront.saveFilms(rows as never)
                : await adminApi.storefront.saveFaq(rows as never);
      onSaved(res.message, res.storefront);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      notifyError(errorText(err, `The ${spec.title.toLowerCase()} could not be saved`));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={`${uid}-title`} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm md:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${uid}-title`} className="text-lg font-semibold text-gray-900">
          {spec.title}
        </h2>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => setItems([...items, { _id: newId(), ...spec.blank() } as unknown as T])}
            disabled={saving || items.length >= spec.max}
          >
            <Plus aria-hidden className="size-4" /> Add {spec.item.toLowerCase()}
          </Button>
          <Button onClick={save} disabled={saving}>
            {saving ? 'Saving...' : `Save ${spec.title.toLowerCase()}`}
          </Button>
        </div>
      </div>
      {errors[name] ? (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {errors[name]}
        </p>
      ) : null}
      {/* One column no wider than the screen (minmax(0, 1fr)): the preview's slideshow, three slides side by side
          behind its clipping frame, would otherwise widen it past a phone's screen, and the phone would show the
          whole screen zoomed out, its buttons under a pointer's tap no longer where they are drawn. */}
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <ol className="space-y-4" aria-label={spec.title}>
          {items.length === 0 ? <li className="text-sm text-gray-500">None: this part of the home page is not shown.</li> : null}
          {items.map((it, i) => {
            const label = `${spec.item} ${i + 1}`;
            return (
              <li key={it._id} className="rounded-lg border border-gray-200 p-3">
                {/* min-w-0: a fieldset is at least as wide as its content by default, and a file's long name
                    (shortened with an ellipsis) would then push the buttons in its legend off a phone's screen. */}
                <fieldset className="min-w-0 space-y-3">
                  <legend className="flex w-full items-center justify-between gap-2 text-sm font-semibold text-gray-800">
                    {label}
                    <span className="flex gap-1">
                      <IconButton label={`Move ${label} up`} disabled={saving || i === 0} onClick={() => move(i, -1)}>
                        <ArrowUp aria-hidden className="size-4" />
                      </IconButton>
                      <IconButton
                        label={`Move ${label} down`}
                        disabled={saving || i === items.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </IconButton>
                      <IconButton
                        label={`Remove ${label}`}
                        tone="red"
                        disabled={saving}
                        onClick={() => setItems(items.filter((_, k) => k !== i))}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </IconButton>
                    </span>
                  </legend>
                  {spec.fields.map((f) => {
                    const id = `${uid}-${i}-${f.key}`;
                    const value = (it as Record<string, unknown>)[f.key];
                    const error = errors[`${name}.${i}.${f.key}`];
                    const fieldLabel = `${label} ${f.label.toLowerCase()}`;
                    if (f.kind === 'image') {
                      return (
                        <ImageField
                          key={f.key}
                          id={id}
                          label={fieldLabel}
                          value={String(value ?? '')}
                          onChange={(url) => set(i, f.key, url)}
                          error={error}
                          hint={f.hint}
                          disabled={saving}
                        />
                      );
                    }
                    if (f.kind === 'video') {
                      const row = it as Record<string, unknown>;
                      return (
                        <VideoField
                          key={f.key}
                          id={id}
                          label={fieldLabel}
                          owner={label}
                          files={{ mp4: String(row.mp4 ?? ''), webm: String(row.webm ?? '') }}
                          onChange={(format, url) => set(i, format, url)}
                          error={errors[`${name}.${i}.mp4`] || errors[`${name}.${i}.webm`]}
                          hint={f.hint}
                          disabled={saving}
                        />
                      );
                    }
                    if (f.kind === 'sale') {
                      return (
                        <Field key={f.key} id={id} label={fieldLabel} error={error} hint={f.hint}>
                          <Select
                            id={id}
                            value={String(value ?? '')}
                            onChange={(e) => set(i, f.key, e.target.value || null)}
                            disabled={saving}
                            error={error}
                          >
                            <option value="">No sale</option>
                            {sales.map((s) => (
                              <option key={s._id} value={s._id}>
                                {s.name} ({s.percentoff}% off, {s.status})
                              </option>
                            ))}
                          </Select>
                        </Field>
                      );
                    }
                    const Control = f.kind === 'textarea' ? Textarea : Input;
                    return (
                      <Field key={f.key} id={id} label={fieldLabel} required={f.required} error={error} hint={f.hint}>
                        <Control
                          id={id}
                          value={String(value ?? '')}
                          onChange={(e) => set(i, f.key, e.target.value)}
                          maxLength={f.max}
                          placeholder={f.placeholder}
                          disabled={saving}
                          error={error}
                          {...(f.kind === 'textarea' ? { rows: 3 } : {})}
                        />
                      </Field>
                    );
                  })}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-gray-700">Preview</h3>
          <div
            className="pointer-events-none overflow-hidden rounded-lg border border-gray-200 bg-white"
            data-testid={`preview-${name}`}
            inert
          >
            {preview}
          </div>
        </div>
      </div>
    </section>
  );
}

/** What a banner would show with this sale: its percentage while it runs. */
const previewSale = (saleId: string | null, sales: AdminSale[]): Banner['sale'] => {
  const s = saleId ? sales.find((x) => x._id === saleId) : undefined;
  return s && s.status === 'running' ? { _id: s._id, name: s.name, percentoff: s.percentoff, endsAt: s.endsAt } : null;
};

function Editors({ content, sales }: { content: StorefrontContent; sales: AdminSale[] }) {
  const qc = useQueryClient();
  const [slides, setSlides] = useState<Slide[]>(content.slides);
  const [banners, setBanners] = useState<Banner[]>(content.banners);
  const [tiles, setTiles] = useState<Tile[]>(content.tiles);
  const [films, setFilms] = useState<Film[]>(content.films);
  const [faq, setFaq] = useState<Question[]>(content.faq);
  const onSaved = (message: string, saved: StorefrontContent) => {
    notice.success(message, 'Saved!');
    qc.setQueryData(KEY, { success: true, storefront: saved });
    void qc.invalidateQueries({ queryKey: homeKeys.content });
  };
  const notifyError = (text: string) => notice.error(text);
  const shared = { sales, onSaved, notifyError };
  return (
    <div className="space-y-6">
      <ListEditor
        name="slides"
        items={slides}
        setItems={setSlides}
        {...shared}
        preview={<HeroSlider key={slides.map((s) => s._id).join()} slides={slides} />}
      />
      <ListEditor
        name="banners"
        items={banners}
        setItems={setBanners}
        {...shared}
        preview={<PromoBanners banners={banners.map((b) => ({ ...b, sale: previewSale(b.saleId, sales) }))} />}
      />
      <ListEditor name="tiles" items={tiles} setItems={setTiles} {...shared} preview={<TopCategories tiles={tiles} />} />
      <ListEditor name="films" items={films} setItems={setFilms} {...shared} preview={<StoryBlocks films={films} />} />
      <ListEditor name="faq" items={faq} setItems={setFaq} {...shared} preview={<Faq faq={faq} />} />
    </div>
  );
}

/** The back-office's Storefront screen: the home page's slides, banners, tiles, films and FAQ, with a live preview. */
export default function StorefrontPage() {
  const content = useQuery({ queryKey: KEY, queryFn: adminApi.storefront.content, staleTime: Number.POSITIVE_INFINITY });
  const sales = useQuery({ queryKey: ['admin', 'sales'], queryFn: adminApi.sales.all });
  return (
    <div>
      <PageHeader
        title="Storefront"
        subtitle="What the home page shows. Each part is saved on its own and shows on the home page at once."
      />
      <LoadError query={content}>{errorText(content.error, 'Failed to fetch the home page’s content')}</LoadError>
      {content.data ? (
        <Editors content={content.data.storefront} sales={sales.data?.sales ?? []} />
      ) : content.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading" className="h-64 animate-pulse rounded-xl bg-gray-100" />
      ) : null}
    </div>
  );
}
