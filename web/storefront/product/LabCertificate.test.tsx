import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { certificateProblem, labVerifyUrl } from '../../../contract/gems';
import type { Product } from '../../api/catalogue';
import { aProduct } from '../../test/fixtures';
import { LabCertificate } from './LabCertificate';

afterEach(cleanup);

const product = (over: Partial<Product>) =>
  aProduct({ certification: '', certificatelab: '', certificatenumber: '', certificatefile: '', ...over });
const verifyLink = () => screen.queryByRole('link', { name: /verify with the lab/i });

describe('LabCertificate', () => {
  it('links a GIA report to GIA Report Check with its number, and shows the lab, the number and the report', () => {
    render(
      <LabCertificate
        product={product({
          certificatelab: 'gia',
          certificatenumber: '2141438167',
          certificatefile: '/uploads/products/0b7c3f0e-8d5c-4bb0-9d55-1e5b3f6c2a10/certificate.pdf',
        })}
      />,
    );
    const box = screen.getByTestId('lab-certificate');
    expect(box).toHaveTextContent('LabGIA');
    expect(box).toHaveTextContent('Report no.2141438167');
    expect(verifyLink()).toHaveAttribute('href', 'https://www.gia.edu/report-check?reportno=2141438167');
    expect(verifyLink()).toHaveAttribute('target', '_blank');
    expect(verifyLink()?.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'View the report (PDF)' })).toHaveAttribute(
      'href',
      '/uploads/products/0b7c3f0e-8d5c-4bb0-9d55-1e5b3f6c2a10/certificate.pdf',
    );
  });

  it('links an IGI report to IGI Verify Your Report, the number encoded', () => {
    render(<LabCertificate product={product({ certificatelab: 'igi', certificatenumber: 'LG612345678' })} />);
    expect(verifyLink()).toHaveAttribute('href', 'https://www.igi.org/verify-your-report/?r=LG612345678');
    expect(labVerifyUrl('igi', 'GRS/2023.1')).toBe('https://www.igi.org/verify-your-report/?r=GRS%2F2023.1');
  });

  it.each(['gii', 'grs', 'ssef', 'gubelin', 'other'])(
    'shows no verify link for %s, whose check is not known by number',
    (lab) => {
      render(
        <LabCertificate product={product({ certificatelab: lab, certificatenumber: 'A12345', certification: 'Jaipur Lab' })} />,
      );
      expect(screen.getByTestId('lab-certificate')).toHaveTextContent('Report no.A12345');
      expect(verifyLink()).toBeNull();
    },
  );

  it('shows no verify link without a number, or with a number the lab could not have issued', () => {
    render(<LabCertificate product={product({ certificatelab: 'gia' })} />);
    expect(screen.getByTestId('lab-certificate')).toHaveTextContent('LabGIA');
    expect(verifyLink()).toBeNull();
    expect(labVerifyUrl('gia', 'LG612345678')).toBeNull();
    expect(labVerifyUrl('igi', '"><script>')).toBeNull();
  });

  it('names an "Other" lab by the certification text, and shows nothing without a report', () => {
    render(<LabCertificate product={product({ certificatelab: 'other', certification: 'Gem Testing Laboratory, Jaipur' })} />);
    expect(screen.getByTestId('lab-certificate')).toHaveTextContent('LabGem Testing Laboratory, Jaipur');
    cleanup();
    const { container } = render(<LabCertificate product={product({ certification: 'IGI Certified' })} />);
    expect(container.innerHTML).toBe('');
  });

  it('the form and the server read a lab and number alike', () => {
    expect(certificateProblem('', '')).toBeNull();
    expect(certificateProblem('gia', '2141438167')).toBeNull();
    expect(certificateProblem('', '2141438167')?.path).toBe('certificatelab');
    expect(certificateProblem('gia', 'LG1234')?.path).toBe('certificatenumber');
    expect(certificateProblem('hrd', '')?.path).toBe('certificatelab');
  });
});
