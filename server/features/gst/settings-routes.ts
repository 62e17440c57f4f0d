import { paiseToRupees } from '../../../contract/common.js';
import { settingsRoutes } from '../../../contract/settings.js';
import { freeShipping } from '../../domain/shipping-rates.js';
import { settingsRow } from '../../domain/shop-settings.js';
import { routePlugin } from '../../http/routes.js';
import * as settings from './settings.js';

/** /a1/api: the shop's settings (public part for the storefront, all of it for the admin) and tax per category. */
export default routePlugin(settingsRoutes, (app) => ({
  'GET /a1/api/settings': async () => {
    const [row, free] = await Promise.all([settingsRow(app.db), freeShipping(app.db)]);
    const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
    return {
      success: true,
      settings: settings.toPublicSettings(row, { india: rupees(free.indiaPaise), worldwide: rupees(free.worldwidePaise) }),
    };
  },

  'GET /a1/api/admin/settings': async () => ({
    success: true,
    settings: settings.toAdminSettings(await settingsRow(app.db)),
  }),

  'PUT /a1/api/admin/settings': async (request) => {
    const row = await settings.updateSettings(app.db, request.body);
    return { success: true, message: 'Settings saved', settings: settings.toAdminSettings(row) };
  },

  'GET /a1/api/admin/tax': async () => ({ success: true, tax: (await settings.listCategoryTax(app.db)).map(settings.toTaxRow) }),

  'PUT /a1/api/admin/tax': async (request) => {
    await settings.replaceCategoryTax(app.db, request.body.tax);
    return { success: true, message: 'Tax rates saved', tax: (await settings.listCategoryTax(app.db)).map(settings.toTaxRow) };
  },
}));
