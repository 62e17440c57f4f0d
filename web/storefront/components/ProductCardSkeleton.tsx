/** Grey pulsing bars standing in for lines of text while they load, one per size (Tailwind height and width). */
function SkeletonBars({ sizes }: { sizes: string[] }) {
  return sizes.map((size, i) => <div key={i} className={`${size} animate-pulse rounded bg-gray-200`} />);
}

/** A placeholder of exactly a card's size, shown while products load. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <div className="aspect-square animate-pulse bg-gray-200" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <SkeletonBars sizes={['h-5 w-3/4', 'h-4 w-2/3', 'h-4 w-1/2', 'h-6 w-1/3']} />
        <div className="mt-auto h-9 animate-pulse rounded-md bg-gray-200" />
      </div>
    </div>
  );
}
