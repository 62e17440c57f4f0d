import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common.js';
import {
  AdminSettingsResponse,
  AdminSettingsSaved,
  PublicSettingsResponse,
  SettingsBody,
  TaxBody,
  TaxResponse,
  TaxSavedResponse,
} from '../../../contract/settings.js';
import { ADMIN, requireAdmin } from '../../http/session.js';
import * as settings from './settings.js';

const tags = ['Shop settings'];

/** /a1/api: the shop's settings (public part for the storefront, all of it for the admin) and tax per category. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: 'The shop’s public settings: names, GSTIN, address, state, support contacts, free-shipping threshold',
        response: { 200: PublicSettingsResponse },
      },
    },
    async () => ({ success: true, settings: settings.toPublicSettings(await settings.settingsRow(app.db)) }),
  );

  app.get(
    '/admin/settings',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Every setting, the invoice prefix included',
        ...ADMIN,
        response: { 200: AdminSettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true, settings: settings.toAdminSettings(await settings.settingsRow(app.db)) }),
  );

  app.put(
    '/admin/settings',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Change the settings given (a GSTIN must have a valid check digit and the state’s code)',
        ...ADMIN,
        body: SettingsBody,
        response: { 200: AdminSettingsSaved, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => {
      const row = await settings.updateSettings(app.db, request.body);
      return { success: true, message: 'Settings saved', settings: settings.toAdminSettings(row) };
    },
  );

  app.get(
    '/admin/tax',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'HSN code and GST rate of every category (a category without its own row: HSN 7103, 3%)',
        ...ADMIN,
        response: { 200: TaxResponse, ...errorResponses(401, 403) },
      },
    },
    async () => ({ success: true, tax: (await settings.listCategoryTax(app.db)).map(settings.toTaxRow) }),
  );

  app.put(
    '/admin/tax',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Replace the HSN codes and GST rates of the categories (categories left out get the default)',
        ...ADMIN,
        body: TaxBody,
        response: { 200: TaxSavedResponse, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      await settings.replaceCategoryTax(app.db, request.body.tax);
      return { success: true, message: 'Tax rates saved', tax: (await settings.listCategoryTax(app.db)).map(settings.toTaxRow) };
    },
  );
};

export default routes;
