import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

type Row = { id: string; name: string };

describe('admin list on a phone', () => {
  it('wraps a long unbroken value inside its card instead of running past the screen edge', () => {
    const long = 'NaturalCertifiedBurmeseRubyPigeonBloodRedUnheatedOvalCushion';
    render(
      <DataTable<Row>
        caption="Products"
        rows={[{ id: '1', name: long }]}
        rowKey={(r) => r.id}
        empty="No products found."
        columns={[{ header: 'Product', cell: (r) => r.name }]}
      />,
    );
    const cards = screen.getByRole('list', { name: 'Products' });
    const value = within(cards).getByText(long);
    expect(value.tagName).toBe('DD');
    expect(value.className.split(/\s+/)).toEqual(expect.arrayContaining(['min-w-0', 'wrap-anywhere']));
  });
});
