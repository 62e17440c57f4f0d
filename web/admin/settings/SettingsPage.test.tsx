import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gstinCheckChar } from '../../../contract/gst-rules';
import { settingsRoutes } from '../../../contract/settings';
import { type AdminSettings, adminApi } from '../../api/admin';
import { ApiError } from '../../api/client';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import SettingsPage, { gstinProblem } from './SettingsPage';

const PUNJAB_GSTIN = `03AAECR1234F1Z${gstinCheckChar('03AAECR1234F1Z')}`;
const settings: AdminSettings = {
  shopname: 'Ratna Gems',
  legalname: 'Ratna Gems Private Limited',
  gstin: '',
  address: '2nd Floor, Ghumar Mandi Road, Ludhiana',
  state: 'Punjab',
  supportphone: '+91 98765 43210',
  supportemail: 'support@ratnagems.in',
  freeshippingabove: 150000,
  trademinorder: 0,
  rattiincarats: 0.91,
  grievanceofficer: { name: '', designation: '', email: '', phone: '' },
  invoiceprefix: 'RG',
  iec: '',
  lut: null,
  einvoice: false,
  city: '',
  pincode: '',
  updatedAt: '2026-04-01T06:30:00.000Z',
};
const loaded = (s: AdminSettings) => answerOf(settingsRoutes, 'GET /a1/api/admin/settings', { success: true, settings: s });

/** The settings screen's save, answered as the server would: the fields sent, changed, in the contract's answer. */
const savedAsTheServerWould = () =>
  vi.spyOn(adminApi.settings, 'save').mockImplementation(async (body) =>
    answerOf(settingsRoutes, 'PUT /a1/api/admin/settings', {
      success: true,
      message: 'Settings saved',
      settings: { ...settings, ...body, updatedAt: '2026-04-02T06:30:00.000Z' },
    }),
  );

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <SettingsPage />
        <Notices />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GSTIN check next to the field', () => {
  it('accepts a valid GSTIN of the shop’s state and names what is wrong otherwise', () => {
    expect(gstinProblem(PUNJAB_GSTIN, 'Punjab')).toBe('');
    expect(gstinProblem('', 'Punjab')).toBe('');
    const changed = PUNJAB_GSTIN.slice(0, 14) + (PUNJAB_GSTIN[14] === 'A' ? 'B' : 'A');
    expect(gstinProblem(changed, 'Punjab')).toBe('This GSTIN is not valid: its check digit does not match');
    expect(gstinProblem('03AAECR1234F1Z', 'Punjab')).toBe('Enter a valid 15-character GSTIN');
    expect(gstinProblem(PUNJAB_GSTIN, 'Haryana')).toBe(
      'This GSTIN is registered in Punjab, not in Haryana: its state code does not match',
    );
  });
});

describe('settings screen', () => {
  it('shows a bad check digit as it is typed, and saves only the fields changed', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue(loaded(settings));
    const save = savedAsTheServerWould();
    renderPage();
    const gstin = await screen.findByLabelText('GSTIN');
    const wrong = PUNJAB_GSTIN.slice(0, 14) + (PUNJAB_GSTIN[14] === 'A' ? 'B' : 'A');
    await userEvent.type(gstin, wrong.toLowerCase());
    expect(gstin).toHaveValue(wrong);
    expect(screen.getByTestId('gstin-error')).toHaveTextContent('This GSTIN is not valid: its check digit does not match');
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(save).not.toHaveBeenCalled();

    await userEvent.clear(gstin);
    await userEvent.type(gstin, PUNJAB_GSTIN);
    expect(screen.queryByTestId('gstin-error')).toBeNull();
    const phone = screen.getByLabelText(/Support phone/);
    await userEvent.clear(phone);
    await userEvent.type(phone, '+91 161 400 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ gstin: PUNJAB_GSTIN, supportphone: '+91 161 400 0000' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(screen.getByLabelText(/Support phone/)).toHaveValue('+91 161 400 0000');
  });

  it('shows the server’s refusal next to the field it names', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue(loaded(settings));
    vi.spyOn(adminApi.settings, 'save').mockRejectedValue(
      new ApiError('supportemail: Enter a valid e-mail address', 400, {
        success: false,
        message: 'supportemail: Enter a valid e-mail address',
        errors: [{ path: 'supportemail', message: 'Enter a valid e-mail address' }],
      }),
    );
    renderPage();
    const email = await screen.findByLabelText(/Support e-mail/);
    await userEvent.clear(email);
    await userEvent.type(email, 'orders@ratnagems.in');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByTestId('supportemail-error')).toHaveTextContent('Enter a valid e-mail address');
    expect(screen.getByLabelText(/Support e-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('supportemail: Enter a valid e-mail address')).toBeInTheDocument();
  });

  it('turns e-invoices on with the city and PIN code, and shows the server’s refusal under the switch', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue(loaded(settings));
    const message = 'E-invoices need 6-digit HSN codes: set them on the Tax screen for Gemstones';
    const save = vi
      .spyOn(adminApi.settings, 'save')
      .mockRejectedValue(new ApiError(message, 400, { success: false, message, errors: [{ path: 'einvoice', message }] }));
    renderPage();
    const pin = await screen.findByLabelText(/PIN code/);
    await userEvent.type(pin, '14100');
    await userEvent.type(screen.getByLabelText(/City/), 'Ludhiana');
    await userEvent.click(screen.getByLabelText('Register invoices with the IRP (e-invoices)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByTestId('pincode-error')).toHaveTextContent('Enter the 6-digit PIN code');
    expect(save).not.toHaveBeenCalled();
    await userEvent.type(pin, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ city: 'Ludhiana', pincode: '141001', einvoice: true }));
    await waitFor(() => expect(document.getElementById('einvoice-error')).toHaveTextContent(message));
  });

  it('checks the other fields before sending anything', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue(loaded(settings));
    const save = vi.spyOn(adminApi.settings, 'save');
    renderPage();
    const prefix = await screen.findByLabelText(/Invoice prefix/);
    await userEvent.clear(prefix);
    await userEvent.type(prefix, 'RG1');
    await userEvent.clear(screen.getByLabelText(/Minimum trade order/));
    await userEvent.type(screen.getByLabelText(/Minimum trade order/), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByTestId('invoiceprefix-error')).toHaveTextContent('Invoice prefix must be 1 to 6 capital letters (A–Z)');
    expect(screen.getByTestId('trademinorder-error')).toHaveTextContent('Enter an amount in rupees (at most 2 decimals)');
    expect(save).not.toHaveBeenCalled();
  });
});

describe('exports: the IEC and the Letter of Undertaking', () => {
  it('checks them before sending, sends the LUT whole (upper-cased), and clears it when every field is emptied', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue(loaded(settings));
    const save = savedAsTheServerWould();
    renderPage();
    const iec = await screen.findByLabelText('IEC (Importer-Exporter Code)');
    await userEvent.type(iec, 'aabcr123');
    await userEvent.type(screen.getByLabelText('LUT ARN'), 'ad0304');
    await userEvent.type(screen.getByLabelText('LUT valid from'), '2027-04-01');
    await userEvent.type(screen.getByLabelText('LUT valid to'), '2027-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByTestId('iec-error')).toHaveTextContent('The IEC (Importer-Exporter Code) is 10 letters and digits');
    expect(screen.getByTestId('lutarn-error')).toHaveTextContent('The LUT’s ARN is 15 letters and digits');
    expect(screen.getByTestId('lutto-error')).toHaveTextContent('The LUT’s valid-to date must not be before its valid-from date');
    expect(save).not.toHaveBeenCalled();

    await userEvent.type(iec, '4k');
    await userEvent.type(screen.getByLabelText('LUT ARN'), '26001234x');
    await userEvent.clear(screen.getByLabelText('LUT valid from'));
    await userEvent.type(screen.getByLabelText('LUT valid from'), '2026-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        iec: 'AABCR1234K',
        lut: { arn: 'AD030426001234X', validfrom: '2026-04-01', validto: '2027-03-31' },
      }),
    );

    for (const label of ['LUT ARN', 'LUT valid from', 'LUT valid to']) await userEvent.clear(screen.getByLabelText(label));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith({ lut: null }));
  });
});

describe('a shop without a GSTIN', () => {
  it('is told it is not registered for GST, and the warning goes once a GSTIN is saved', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue(loaded(settings));
    const save = savedAsTheServerWould();
    renderPage();
    expect(await screen.findByTestId('no-gstin')).toHaveTextContent(
      'No GSTIN is set: the shop is not registered for GST. It issues Bills of Supply without tax and files no GSTR-1.',
    );
    await userEvent.type(await screen.findByLabelText('GSTIN'), PUNJAB_GSTIN);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ gstin: PUNJAB_GSTIN }));
    await waitFor(() => expect(screen.queryByTestId('no-gstin')).toBeNull());
  });
});

describe('free shipping', () => {
  it('is not a setting of its own: the screen sends the merchant to the shipping zones and never saves the old threshold', async () => {
    vi.spyOn(adminApi.settings, 'get').mockResolvedValue(loaded(settings));
    const save = savedAsTheServerWould();
    renderPage();
    const zones = await screen.findByRole('link', { name: 'Shipping zones' });
    expect(zones).toHaveAttribute('href', '/dashboard/shipping');
    expect(screen.queryByLabelText(/Free shipping/i)).toBeNull();
    const name = screen.getByLabelText(/Shop name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ratna Gems Ludhiana');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ shopname: 'Ratna Gems Ludhiana' }));
  });
});
