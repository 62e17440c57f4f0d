import { describe, expect, it } from 'vitest';
import { MENUS } from './menus';

const link = (menu: string, label: string) => MENUS.find((m) => m.label === menu)?.links.find((l) => l.label === label)?.to;

describe('the header menus', () => {
  it("build a link's address from its menu's prefix and its label without the bracketed part", () => {
    expect(link('Zodiac Stones', 'Ruby (Leo)')).toBe('/ruby');
    expect(link('Vedic Stones', "Cat's Eye (Lehsunia)")).toBe('/gemstones-catseye');
    expect(link('Vedic Stones', 'Sapphire (Neelam, Pukhraj)')).toBe('/gemstones-sapphire');
    expect(link('Other Gemstones', 'Lapis Lazuli')).toBe('/gemstones-lapislazuli');
    expect(link('Jewellery', 'Bracelets')).toBe('/jewellery-bracelets');
  });

  it('keep the addresses given with a label', () => {
    expect(link('Zodiac Stones', 'Yellow Sapphire (Sagittarius, Pisces)')).toBe('/natural-yellow-sapphire');
    expect(link('Vedic Stones', 'Hessonite')).toBe('/hessonite');
    expect(link('Other Gemstones', 'Iolite')).toBe('/gemstones-lolite');
  });

  it('are the five menus, no address twice', () => {
    expect(MENUS.map((m) => m.label)).toEqual([
      'Zodiac Stones',
      'Vedic Stones',
      'Exclusive Gemstones',
      'Other Gemstones',
      'Jewellery',
    ]);
    const addresses = MENUS.flatMap((m) => m.links.map((l) => l.to));
    expect(new Set(addresses).size).toBe(addresses.length);
  });
});
