import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('checkout shipping form (SPEC §5)', () => {
  it('labels every field and shows no message before Continue to Payment', () => {
    setup();
    for (const label of ['Full Name', 'Mobile Number', 'Address', 'City', 'PIN Code']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('walks the rules in SPEC order with SPEC texts, keeping what was typed', async () => {
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
    expect(onSubmit).toHaveBeenCalledWith({
      fullname: 'Meera Kapoor',
      mobileno: '9876543210',
      address: '12 Mall Road',
      city: 'Ludhiana',
      pincode: '141001',
    });
  });

  it('sends trimmed values and starts from the account name and number', async () => {
    const { user, field, submit, onSubmit } = setup({ fullname: 'Arjun Singh', mobileno: '9123456780' });
    expect(field('Full Name')).toHaveValue('Arjun Singh');
    expect(field('Mobile Number')).toHaveValue('9123456780');
    await user.type(field('Address'), '  4 Ghumar Mandi ');
    await user.type(field('City'), ' Ludhiana');
    await user.type(field('PIN Code'), '141001 ');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      fullname: 'Arjun Singh',
      mobileno: '9123456780',
      address: '4 Ghumar Mandi',
      city: 'Ludhiana',
      pincode: '141001',
    });
  });

  it('moves focus to the first field that needs attention', async () => {
    const { user, field, submit } = setup({ fullname: 'Arjun Singh', mobileno: '91234' });
    await user.type(field('Address'), 'Ghumar Mandi');
    await user.type(field('City'), 'Ludhiana');
    await user.type(field('PIN Code'), '141001');
    await submit();
    expect(field('Mobile Number')).toHaveFocus();
  });

  it('disables the form while payment is under way', () => {
    render(<ShippingForm busy initial={{}} onSubmit={() => {}} />);
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByLabelText('City')).toBeDisabled();
  });
});
