// @postgres: the IEC's check constraint and the LUT's jsonb column are the engine's own
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSettingsResponse, PublicSettingsResponse } from '../../../contract/settings.js';
import { createTestApp, type TestApp, type TestUser } from '../../test/helpers.js';

/** Exports: the shop's IEC and its Letter of Undertaking are kept in the settings, for the admin only. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAndIn('ADMIN');
});
afterAll(() => t.close());

const put = (cookie: string | undefined, payload: object) =>
  t.request({ method: 'PUT', url: '/a1/api/admin/settings', ...(cookie ? { cookie } : {}), payload });
const adminSettings = async () => {
  const res = await t.request({ method: 'GET', url: '/a1/api/admin/settings', cookie: admin.cookie });
  expect(res.statusCode).toBe(200);
  return AdminSettingsResponse.parse(res.json()).settings;
};
const LUT = { arn: 'ad030425001234x', validfrom: '2026-04-01', validto: '2027-03-31' };

describe('the IEC and the LUT in the settings', () => {
  it('a new shop has neither; the admin saves them (upper-cased) and clears them', async () => {
    expect(await adminSettings()).toMatchObject({ iec: '', lut: null });
    const res = await put(admin.cookie, { iec: ' aabcr1234k ', lut: LUT });
    expect(res.statusCode, res.body).toBe(200);
    const saved = { iec: 'AABCR1234K', lut: { ...LUT, arn: 'AD030425001234X' } };
    expect(AdminSettingsResponse.parse(res.json()).settings).toMatchObject(saved);
    expect(await adminSettings()).toMatchObject(saved);
    // another change leaves them as they are
    expect((await put(admin.cookie, { shopname: 'Ratna Gems' })).statusCode).toBe(200);
    expect(await adminSettings()).toMatchObject(saved);
    // not for every visitor
    const pub = await t.request({ method: 'GET', url: '/a1/api/settings' });
    expect(pub.statusCode).toBe(200);
    expect(PublicSettingsResponse.parse(pub.json()).settings).not.toHaveProperty('lut');
    expect(pub.json().settings).not.toHaveProperty('iec');

    expect((await put(admin.cookie, { iec: '', lut: null })).statusCode).toBe(200);
    expect(await adminSettings()).toMatchObject({ iec: '', lut: null });
  });

  it('refuses a wrong IEC, ARN or dates (400, nothing changed), and anyone but an admin', async () => {
    const before = await adminSettings();
    const cases: [object, string, string][] = [
      [{ iec: 'AABCR1234' }, 'iec', 'The IEC (Importer-Exporter Code) is 10 letters and digits'],
      [{ iec: 'AABCR-1234' }, 'iec', 'The IEC (Importer-Exporter Code) is 10 letters and digits'],
      [{ lut: { ...LUT, arn: 'AD0304' } }, 'lut.arn', 'The LUT’s ARN is 15 letters and digits'],
      [{ lut: { ...LUT, validfrom: '2026-02-30' } }, 'lut.validfrom', 'Valid from must be a date (YYYY-MM-DD)'],
      [{ lut: { ...LUT, validto: '31/03/2027' } }, 'lut.validto', 'Valid to must be a date (YYYY-MM-DD)'],
      // a month that does not exist: no date at all, not a failure of the server
      [{ lut: { ...LUT, validto: '2026-13-01' } }, 'lut.validto', 'Valid to must be a date (YYYY-MM-DD)'],
      [{ lut: { ...LUT, validfrom: '0000-01-01' } }, 'lut.validfrom', 'Valid from must be a date (YYYY-MM-DD)'],
      [
        { lut: { ...LUT, validfrom: '2027-04-01' } },
        'lut.validto',
        'The LUT’s valid-to date must not be before its valid-from date',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await put(admin.cookie, { ...payload, shopname: 'Changed' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
      expect(JSON.stringify(res.json())).toContain(path);
    }
    const shopper = await t.signUpAndIn();
    expect((await put(shopper.cookie, { iec: 'AABCR1234K' })).statusCode).toBe(403);
    expect((await put(undefined, { iec: 'AABCR1234K' })).statusCode).toBe(401);
    const after = await adminSettings();
    expect({ ...after, updatedAt: '' }).toEqual({ ...before, updatedAt: '' });
  });
});
