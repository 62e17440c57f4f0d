import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedAddressOf } from '../../test/fixtures';
import { ShippingForm } from './ShippingForm';

// The machine running the suite may be busy: give screens time to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);

function setup(initial = {}) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(<ShippingForm busy={false} initial={initial} onSubmit={onSubmit} />);
  const field = (label: string) => screen.getByLabelText(label);
  const submit = () => user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  return { onSubmit, user, field, submit };
}

describe('checkout shipping form', () => {
  it('labels every field and shows no message before Continue to Payment', () => {
    setup();
    for (const label of ['Full Name', 'Mobile Number', 'Address', 'City', 'PIN Code', 'State', 'Buying for a business?']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    // the GSTIN is asked only for a business, for this order
    expect(screen.getByLabelText('Buying for a business?')).not.toBeChecked();
    expect(screen.queryByLabelText('GSTIN (for a business invoice)')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('walks the shipping rules in their order with their texts, keeping what was typed', async () => {
    const { user, field, submit, onSubmit } = setup();

    // (1) empty fields: the form message, and 'This field is required' beside the address.
    await user.type(field('Full Name'), 'Meera Kapoor');
    await user.type(field('Mobile Number'), '98765');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all shipping details.');
    expect(field('Address')).toHaveAccessibleDescription('This field is required');
    expect(field('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(field('City')).toHaveAccessibleDescription('This field is required');
    expect(field('Full Name')).toHaveValue('Meera Kapoor');
    expect(field('Mobile Number')).toHaveValue('98765');
    expect(onSubmit).not.toHaveBeenCalled();

    // Spaces alone are still empty.
    await user.type(field('Address'), '   ');
    await user.type(field('City'), 'Ludhiana');
    await user.type(field('PIN Code'), '1410');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all shipping details.');
    expect(field('Address')).toHaveAccessibleDescription('This field is required');

    // (2) the mobile number.
    await user.clear(field('Address'));
    await user.type(field('Address'), '12 Mall Road');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid 10-digit mobile number');
    expect(field('Mobile Number')).toHaveAccessibleDescription('Enter a valid 10-digit mobile number');
    expect(field('Address')).not.toHaveAttribute('aria-invalid');

    // Letters are not digits.
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '98765abcde');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid 10-digit mobile number');

    // (3) the PIN code.
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '9876543210');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid 6-digit PIN code');
    expect(field('PIN Code')).toHaveAccessibleDescription('Enter a valid 6-digit PIN code');
    expect(field('PIN Code')).toHaveValue('1410');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field('PIN Code'), '01');
    await submit();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(
      {
        fullname: 'Meera Kapoor',
        mobileno: '9876543210',
        address: '12 Mall Road',
        city: 'Ludhiana',
        pincode: '141001',
        state: 'Punjab',
      },
      { save: false },
    );
  });

  it('sends trimmed values and starts from the account name and number', async () => {
    const { user, field, submit, onSubmit } = setup({ fullname: 'Arjun Singh', mobileno: '9123456780' });
    expect(field('Full Name')).toHaveValue('Arjun Singh');
    expect(field('Mobile Number')).toHaveValue('9123456780');
    await user.type(field('Address'), '  4 Ghumar Mandi ');
    await user.type(field('City'), ' Ludhiana');
    await user.type(field('PIN Code'), '141001 ');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      {
        fullname: 'Arjun Singh',
        mobileno: '9123456780',
        address: '4 Ghumar Mandi',
        city: 'Ludhiana',
        pincode: '141001',
        state: 'Punjab',
      },
      { save: false },
    );
  });

  it('moves focus to the first field that needs attention', async () => {
    const { user, field, submit } = setup({ fullname: 'Arjun Singh', mobileno: '91234' });
    await user.type(field('Address'), 'Ghumar Mandi');
    await user.type(field('City'), 'Ludhiana');
    await user.type(field('PIN Code'), '141001');
    await submit();
    expect(field('Mobile Number')).toHaveFocus();
  });

  it('pre-fills the state from the PIN code, keeps the shopper’s correction and sends it', async () => {
    const { user, field, submit, onSubmit } = setup({ fullname: 'Kiran Traders', mobileno: '9123456780' });
    expect(field('State')).toHaveValue('');
    // All 36 states and union territories, after the empty choice.
    expect(within(field('State')).getAllByRole('option')).toHaveLength(37);
    await user.type(field('Address'), '7 Marine Drive');
    await user.type(field('City'), 'Mumbai');
    await user.type(field('PIN Code'), '40000');
    expect(field('State')).toHaveValue('');
    await user.type(field('PIN Code'), '1');
    expect(field('State')).toHaveValue('Maharashtra');
    await user.selectOptions(field('State'), 'Goa');
    expect(field('State')).toHaveValue('Goa');
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ pincode: '400001', state: 'Goa' }), { save: false });

    // A new PIN code points somewhere else: the state follows it.
    await user.clear(field('PIN Code'));
    await user.type(field('PIN Code'), '141001');
    expect(field('State')).toHaveValue('Punjab');
  });

  it('asks for the state after the shipping rules, when the PIN code points nowhere', async () => {
    const { user, field, submit, onSubmit } = setup({ fullname: 'Arjun Singh', mobileno: '9123456780' });
    await user.type(field('Address'), 'Field Post Office 56');
    await user.type(field('City'), 'Army Post');
    await user.type(field('PIN Code'), '999001');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Select your state');
    expect(field('State')).toHaveAccessibleDescription('Select your state');
    expect(field('State')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.selectOptions(field('State'), 'Ladakh');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ state: 'Ladakh' }), { save: false });
  });

  it('the shipping rules’ message comes first even when the state and GSTIN are wrong too', async () => {
    const { user, field, submit } = setup();
    await user.click(field('Buying for a business?'));
    await user.type(field('GSTIN (for a business invoice)'), '27ABC');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all shipping details.');
    expect(field('State')).toHaveAccessibleDescription('Select your state');
    expect(field('GSTIN (for a business invoice)')).toHaveAccessibleDescription('Enter a valid 15-character GSTIN');
  });

  it('says a GSTIN is wrong beside the field once the shopper leaves it, and sends a good one upper-cased', async () => {
    const { user, field, submit, onSubmit } = setup({ fullname: 'Kiran Traders', mobileno: '9123456780' });
    await user.type(field('Address'), '7 Marine Drive');
    await user.type(field('City'), 'Mumbai');
    await user.type(field('PIN Code'), '400001');
    await user.click(field('Buying for a business?'));
    const gstin = field('GSTIN (for a business invoice)');
    // the check character of 27AAPFK1234L1Z is 2, not 3
    await user.type(gstin, '27aapfk1234l1z3');
    expect(gstin).toHaveValue('27AAPFK1234L1Z3');
    expect(gstin).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(gstin).toHaveAccessibleDescription('This GSTIN is not valid: its check digit does not match');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('This GSTIN is not valid: its check digit does not match');
    expect(gstin).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(gstin);
    await user.type(gstin, '99AAPFK1234L1Z2');
    expect(gstin).toHaveAccessibleDescription('This GSTIN is not valid: its first two digits are not a state code');

    await user.clear(gstin);
    await user.type(gstin, '27aapfk1234l1z2');
    expect(screen.queryByTestId('error-gstin')).toBeNull();
    // a GSTIN needs the legal name the invoice prints
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the business’s legal name, as registered for GST');
    expect(field('Legal name of the business')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(field('Legal name of the business'), ' Kiran  Traders LLP ');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      {
        fullname: 'Kiran Traders',
        mobileno: '9123456780',
        address: '7 Marine Drive',
        city: 'Mumbai',
        pincode: '400001',
        state: 'Maharashtra',
        gstin: '27AAPFK1234L1Z2',
        legalname: 'Kiran Traders LLP',
      },
      { save: false },
    );

    // Not a business after all: no GSTIN is sent.
    await user.click(field('Buying for a business?'));
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(expect.not.objectContaining({ gstin: expect.anything() }), { save: false });
  });

  describe('saved addresses', () => {
    const home = savedAddressOf({
      _id: 'a1',
      country: 'IN',
      label: 'Home',
      fullname: 'Meera Kapoor',
      mobileno: '9876543210',
      address: '12 Mall Road',
      city: 'Ludhiana',
      pincode: '141001',
      state: 'Punjab',
      gstin: '',
      isdefault: true,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const office = savedAddressOf({
      ...home,
      _id: 'a2',
      label: 'Office',
      fullname: 'Kapoor Gems',
      address: '7 Marine Drive',
      city: 'Mumbai',
      pincode: '400001',
      state: 'Maharashtra',
      gstin: '27AAPFK1234L1Z2',
      isdefault: false,
    });

    function setupSaved() {
      const onSubmit = vi.fn();
      const user = userEvent.setup();
      render(<ShippingForm busy={false} initial={home} saved={[home, office]} onSubmit={onSubmit} />);
      const field = (label: string) => screen.getByLabelText(label);
      const submit = () => user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      return { onSubmit, user, field, submit };
    }

    it('offers them, the one in the form chosen; choosing another fills the form with it', async () => {
      const { user, field, submit, onSubmit } = setupSaved();
      const group = screen.getByRole('group', { name: 'Saved addresses' });
      expect(within(group).getByRole('radio', { name: /Home/ })).toBeChecked();
      expect(within(group).getByRole('radio', { name: /Office/ })).not.toBeChecked();
      expect(screen.queryByLabelText('Save this address')).toBeNull();

      await user.click(within(group).getByRole('radio', { name: /Office/ }));
      expect(field('Full Name')).toHaveValue('Kapoor Gems');
      expect(field('Address')).toHaveValue('7 Marine Drive');
      expect(field('City')).toHaveValue('Mumbai');
      expect(field('PIN Code')).toHaveValue('400001');
      expect(field('State')).toHaveValue('Maharashtra');
      // a GSTIN saved with the address is not put on this order's invoice unasked
      expect(field('Buying for a business?')).not.toBeChecked();
      await submit();
      expect(onSubmit).toHaveBeenCalledWith(
        {
          fullname: 'Kapoor Gems',
          mobileno: '9876543210',
          address: '7 Marine Drive',
          city: 'Mumbai',
          pincode: '400001',
          state: 'Maharashtra',
        },
        { save: false },
      );
    });

    it('an edited or new address is not a saved one: Save this address asks to keep it', async () => {
      const { user, field, submit, onSubmit } = setupSaved();
      await user.clear(field('Address'));
      await user.type(field('Address'), '14 Mall Road');
      expect(screen.getByRole('radio', { name: 'A new address' })).toBeChecked();
      await user.click(screen.getByLabelText('Save this address'));
      await submit();
      expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ address: '14 Mall Road' }), { save: true });

      // Back to the saved one: nothing to save.
      await user.click(screen.getByRole('radio', { name: /Home/ }));
      expect(screen.queryByLabelText('Save this address')).toBeNull();
      await submit();
      expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ address: '12 Mall Road' }), { save: false });

      // A new address starts from an empty address, keeping the name and number.
      await user.click(screen.getByRole('radio', { name: 'A new address' }));
      expect(field('Full Name')).toHaveValue('Meera Kapoor');
      expect(field('Address')).toHaveValue('');
      expect(field('PIN Code')).toHaveValue('');
      expect(field('State')).toHaveValue('');
    });
  });

  it('disables the form while payment is under way', () => {
    render(<ShippingForm busy initial={{}} onSubmit={() => {}} />);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByLabelText('City')).toBeDisabled();
  });
});

describe('an address abroad', () => {
  it('lists the countries by their ISO names, India first and the rest A–Z', () => {
    setup();
    const names = within(screen.getByLabelText('Country'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(screen.getByLabelText('Country')).toHaveValue('IN');
    expect(names[0]).toBe('India');
    expect(names).toHaveLength(249);
    expect(names).toContain('United States');
    expect(names).toContain('United Arab Emirates');
    const rest = names.slice(1) as string[];
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it('a United States address: phone with its country code, ZIP code and state checked as the server does, sent in E.164', async () => {
    const onCountryChange = vi.fn();
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<ShippingForm busy={false} initial={{ fullname: 'Ann Lee' }} onCountryChange={onCountryChange} onSubmit={onSubmit} />);
    const field = (label: string) => screen.getByLabelText(label);
    const submit = () => user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await user.selectOptions(field('Country'), 'US');
    expect(onCountryChange).toHaveBeenLastCalledWith('US');
    // The form speaks of the country's own fields; a GSTIN is only for India.
    expect(field('Phone Number')).toHaveAttribute('placeholder', '+1 …');
    expect(field('ZIP code')).toBeInTheDocument();
    expect(field('State / Region').tagName).toBe('INPUT');
    expect(screen.queryByLabelText('Mobile Number')).toBeNull();
    expect(screen.queryByLabelText('PIN Code')).toBeNull();
    expect(screen.queryByLabelText('Buying for a business?')).toBeNull();

    await user.type(field('Address'), '1 Market Street');
    await user.type(field('City'), 'San Francisco');
    await user.type(field('ZIP code'), '9410');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all shipping details.');
    expect(field('Phone Number')).toHaveAccessibleDescription('This field is required');

    // A number without its country code, or of another country, is not a United States phone.
    await user.type(field('Phone Number'), '4155550123');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter a valid phone number for the United States, with its country code',
    );
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '+44 20 7946 0958');
    await user.type(field('ZIP code'), '5');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter a valid phone number for the United States, with its country code',
    );
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '+1 415 555 0123');
    await user.clear(field('ZIP code'));
    await user.type(field('ZIP code'), '9410');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid ZIP code for the United States');
    expect(field('ZIP code')).toHaveAccessibleDescription('Enter a valid ZIP code for the United States');
    await user.type(field('ZIP code'), '5');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the state or region for the United States');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field('State / Region'), 'CA');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(
      {
        country: 'US',
        fullname: 'Ann Lee',
        mobileno: '+14155550123',
        address: '1 Market Street',
        city: 'San Francisco',
        pincode: '94105',
        state: 'CA',
      },
      { save: false },
    );
  });

  it('a UAE address has no postal code; a UK postcode is checked by its format; back in India the PIN code rules return', async () => {
    const { user, field, submit, onSubmit } = setup({ fullname: 'Omar Ali' });
    await user.selectOptions(field('Country'), 'AE');
    expect(field('Postal code (optional)')).toBeInTheDocument();
    await user.type(field('Phone Number'), '+971 50 123 4567');
    await user.type(field('Address'), 'Villa 4, Jumeirah 1');
    await user.type(field('City'), 'Dubai');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the state or region for the United Arab Emirates');
    await user.type(field('State / Region'), 'Dubai');
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ country: 'AE', mobileno: '+971501234567', pincode: '', state: 'Dubai' }),
      { save: false },
    );

    await user.selectOptions(field('Country'), 'GB');
    // The region of one country means nothing in another.
    expect(field('State / Region (optional)')).toHaveValue('');
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '+44 20 7946 0958');
    await user.type(field('Postcode'), 'SW1A 1XX1');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid postcode for the United Kingdom');
    await user.clear(field('Postcode'));
    await user.type(field('Postcode'), 'sw1a 1aa');
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(
      expect.objectContaining({ country: 'GB', mobileno: '+442079460958', pincode: 'SW1A 1AA', state: '' }),
      { save: false },
    );

    await user.selectOptions(field('Country'), 'IN');
    expect(field('PIN Code')).toBeInTheDocument();
    expect(field('State').tagName).toBe('SELECT');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid 10-digit mobile number');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('a saved address abroad fills the form with its country', async () => {
    const onCountryChange = vi.fn();
    const user = userEvent.setup();
    const home = savedAddressOf({
      _id: 'a1',
      country: 'IN',
      label: 'Home',
      fullname: 'Meera Kapoor',
      mobileno: '9876543210',
      address: '12 Mall Road',
      city: 'Ludhiana',
      pincode: '141001',
      state: 'Punjab',
      gstin: '',
      isdefault: true,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const london = savedAddressOf({
      ...home,
      _id: 'a2',
      country: 'GB',
      label: 'London',
      mobileno: '+442079460958',
      address: '10 Downing Street',
      city: 'London',
      pincode: 'SW1A 2AA',
      state: '',
      isdefault: false,
    });
    render(
      <ShippingForm busy={false} initial={home} saved={[home, london]} onCountryChange={onCountryChange} onSubmit={vi.fn()} />,
    );
    const option = screen.getByRole('radio', { name: /London/ });
    expect(option.closest('label')).toHaveTextContent('SW1A 2AA, United Kingdom');
    await user.click(option);
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByLabelText('Postcode')).toHaveValue('SW1A 2AA');
    expect(onCountryChange).toHaveBeenLastCalledWith('GB');
  });
});
