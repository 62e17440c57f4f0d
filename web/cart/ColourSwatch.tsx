/** A colour name from the product palette shown as a small swatch with its name. */
export function ColourSwatch({ colour }: { colour: string }) {
  if (!colour) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden
        className="inline-block size-3.5 rounded-full border border-gray-300"
        style={{ backgroundColor: colour.toLowerCase() }}
      />
      <span>{colour}</span>
    </span>
  );
}
