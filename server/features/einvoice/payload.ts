/**
 * The INV-01 e-invoice JSON (schema version 1.1, as NIC publishes it) of a stored invoice or credit note: what was
 * fixed when the document was issued, never recomputed. Amounts in rupees with two decimals (unit prices three).
 *
 * Prices in the shop include GST, and each stored line keeps its taxable value and tax: a line's assessable value
 * (`AssAmt`) is its taxable value, with the discount already inside it (`Discount` 0), so `TotItemVal` = `AssAmt` +
 * the line's tax is what was paid for it, and the invoice's values add up as the IRP checks them.
 */
import { countryOf } from '../../../contract/address-rules.js';
import { minorToMajor } from '../../../contract/currencies.js';
import type { creditNotes, InvoiceLine, invoices, orders, shopSettings } from '../../db/schema.js';
import { indiaDate } from '../../domain/tax.js';

type Invoice = typeof invoices.$inferSelect;
type CreditNote = typeof creditNotes.$inferSelect;
type Shop = typeof shopSettings.$inferSelect;
type ShippingInfo = (typeof orders.$inferSelect)['shippinginfo'];

/** Export buyers: GSTIN "URP" (unregistered person), state and place of supply 96, PIN 999999 (NIC's rules). */
const FOREIGN = { gstin: 'URP', stcd: '96', pin: 999999 };

const rupees = (paise: number) => Math.round(paise) / 100;
/** dd/mm/yyyy, India time. */
export const irpDay = (at: Date) => indiaDate(at).split('-').reverse().join('/');

/** An address cut to NIC's fields: Addr1 and Addr2 of up to 100 characters each. */
function lines(address: string) {
  const text = address.replace(/\s+/g, ' ').trim();
  const first = text.slice(0, 100);
  const rest = text.slice(100, 200);
  return { Addr1: first.length >= 1 ? first : '-', ...(rest ? { Addr2: rest } : {}) };
}

const place = (text: string) => (text.trim().length >= 3 ? text.trim().slice(0, 50) : `${text.trim()}---`.slice(0, 3));

function item(l: InvoiceLine, k: number) {
  const units = l.quantity > 0 ? l.quantity : 0;
  return {
    SlNo: String(k + 1),
    PrdDesc: l.description.slice(0, 300),
    IsServc: 'N',
    HsnCd: l.hsn,
    // A credit note's value adjustment takes back no units: no quantity, its value as the price.
    ...(units > 0 ? { Qty: units, Unit: 'NOS' } : {}),
    UnitPrice: Math.round((l.taxable * 10) / (units || 1)) / 1000,
    TotAmt: rupees(l.taxable),
    Discount: 0,
    AssAmt: rupees(l.taxable),
    GstRt: l.rateBp / 100,
    IgstAmt: rupees(l.igst),
    CgstAmt: rupees(l.cgst),
    SgstAmt: rupees(l.sgst),
    TotItemVal: rupees(l.taxable + l.igst + l.cgst + l.sgst),
  };
}

/** The INV-01 JSON of an invoice (a credit note: `note` given, its lines and totals, referring to the invoice). */
export function irpPayload(shop: Shop, invoice: Invoice, ship: ShippingInfo, note?: CreditNote) {
  const exported = invoice.export;
  const docLines = (note ? note.lines : invoice.lines).filter((l) => l.valuePaise > 0 || !note);
  const sum = (k: 'taxable' | 'cgst' | 'sgst' | 'igst') => docLines.reduce((s, l) => s + l[k], 0);
  const total = note ? note.totalPaise : invoice.totalPaise;
  const sellerCode = invoice.seller.statecode || invoice.seller.gstin.slice(0, 2);
  const buyerPin = Number(ship.pincode);
  return {
    Version: '1.1',
    TranDtls: {
      TaxSch: 'GST',
      SupTyp: exported ? (exported.type === 'WPAY' ? 'EXPWP' : 'EXPWOP') : 'B2B',
      RegRev: 'N',
      IgstOnIntra: 'N',
    },
    DocDtls: {
      Typ: note ? ('CRN' as const) : ('INV' as const),
      No: note ? note.number : invoice.number,
      Dt: irpDay(note ? note.issuedAt : invoice.issuedAt),
    },
    SellerDtls: {
      Gstin: invoice.seller.gstin,
      LglNm: invoice.seller.name.slice(0, 100),
      ...(invoice.seller.extra ? { TrdNm: invoice.seller.extra.slice(0, 100) } : {}),
      ...lines(invoice.seller.address),
      Loc: place(shop.city),
      Pin: Number(shop.pincode),
      Stcd: sellerCode,
    },
    BuyerDtls: exported
      ? {
          Gstin: FOREIGN.gstin,
          LglNm: invoice.buyer.name.slice(0, 100),
          Pos: FOREIGN.stcd,
          ...lines(ship.address),
          Loc: place(ship.city || exported.country),
          Pin: FOREIGN.pin,
          Stcd: FOREIGN.stcd,
        }
      : {
          Gstin: invoice.buyer.gstin,
          LglNm: invoice.buyer.name.slice(0, 100),
          Pos: invoice.buyer.statecode,
          ...lines(ship.address),
          Loc: place(ship.city),
          ...(Number.isInteger(buyerPin) && buyerPin >= 100000 && buyerPin <= 999999 ? { Pin: buyerPin } : {}),
          // The buyer's state is the one its GSTIN is registered in.
          Stcd: invoice.buyer.gstin.slice(0, 2),
        },
    ...(note ? { RefDtls: { PrecDocDtls: [{ InvNo: invoice.number, InvDt: irpDay(invoice.issuedAt) }] } } : {}),
    ItemList: docLines.map(item),
    ValDtls: {
      AssVal: rupees(sum('taxable')),
      CgstVal: rupees(sum('cgst')),
      SgstVal: rupees(sum('sgst')),
      IgstVal: rupees(sum('igst')),
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: rupees(total - (sum('taxable') + sum('cgst') + sum('sgst') + sum('igst'))),
      TotInvVal: rupees(total),
      ...(exported?.currency && exported.currencyAmount !== undefined && !note
        ? { TotInvValFc: minorToMajor(exported.currencyAmount, exported.currency) }
        : {}),
    },
    ...(exported
      ? {
          ExpDtls: {
            RefClm: exported.type === 'WPAY' ? 'Y' : 'N',
            ...(exported.currency ? { ForCur: exported.currency } : {}),
            CntCode: countryOf(ship.country),
          },
        }
      : {}),
  };
}
