import { gstinCheckChar } from '../../../contract/gst-rules.js';

/** A GSTIN with a right check character: the state code, a PAN-shaped middle, then 1Z and the check. */
export const gstinFor = (state: string, pan: string) => {
  const first14 = `${state}${pan}1Z`;
  return `${first14}${gstinCheckChar(first14)}`;
};
