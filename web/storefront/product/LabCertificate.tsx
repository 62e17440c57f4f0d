import type { ReactNode } from 'react';
import { certificateLabLabel, labVerifyUrl } from '../../../contract/gems';
import type { Product } from '../../api/catalogue';
import { Icon } from '../../ui/icons';

// Icon paths as lucide-react draws them (24×24; circles and rectangles written as paths), for <Icon d={…} />.
const EXTERNAL_LINK = 'M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6';
const FILE_TEXT =
  'M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2zM14 2v5a1 1 0 0 0 1 1h5M10 9H8M16 13H8M16 17H8';

/** The lab named on the page: its label, or for "Other" the product's own certification text when it has one. */
function labName(product: Pick<Product, 'certificatelab' | 'certification'>): string {
  const lab = product.certificatelab ?? '';
  if (lab === 'other') return product.certification.trim() || 'Another lab';
  return certificateLabLabel(lab);
}

/** A link of the report that opens in a new tab. */
/** `icon`: the icon's path data. */
function ReportLink({ href, rel, icon, children }: { href: string; rel: string; icon: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel={rel}
      className="inline-flex min-h-6 items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
    >
      <Icon d={icon} className="size-4" />
      {children}
    </a>
  );
}

/**
 * The stone's lab report: the lab, the report number, the uploaded report to view, and "Verify with the lab" where
 * the lab checks its reports online by number (GIA, IGI: contract/gems.ts labVerifyUrl). Nothing without a report.
 */
export function LabCertificate({ product }: { product: Product }) {
  const lab = product.certificatelab ?? '';
  const number = product.certificatenumber ?? '';
  const file = product.certificatefile ?? '';
  if (!lab && !number && !file) return null;
  const verify = labVerifyUrl(lab, number);
  const isPdf = /\.pdf$/i.test(file);
  return (
    <div data-testid="lab-certificate" className="mt-4 rounded-lg border border-gray-200 p-3 text-sm">
      <p className="font-semibold text-gray-900">Lab certificate</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {lab ? (
          <>
            <dt className="text-gray-600">Lab</dt>
            <dd className="font-medium text-gray-900">{labName(product)}</dd>
          </>
        ) : null}
        {number ? (
          <>
            <dt className="text-gray-600">Report no.</dt>
            <dd className="font-medium break-all text-gray-900">{number}</dd>
          </>
        ) : null}
      </dl>
      {file || verify ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {file ? (
            <ReportLink href={file} rel="noopener" icon={FILE_TEXT}>
              View the report{isPdf ? ' (PDF)' : ''}
            </ReportLink>
          ) : null}
          {verify ? (
            <ReportLink href={verify} rel="noopener noreferrer" icon={EXTERNAL_LINK}>
              Verify with the lab
            </ReportLink>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
