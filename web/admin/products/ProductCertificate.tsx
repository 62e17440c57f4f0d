import { FileText, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Product } from '../../../contract/catalogue';
import { CERTIFICATE_LABS } from '../../../contract/gems';
import { Button } from '../../ui/form';
import { ProductInput, ProductSelect } from './ProductAttributes';
import { FilePicker } from './ProductMedia';
import { certificateFileProblem, type FieldProps } from './productFormState';

/**
 * The lab report file chosen in the product form: a new file, or the current one marked for removal. `onProblem`
 * hears what is wrong with a chosen file (null when a good file is chosen).
 */
export function useCertificateChoice(product: Product | null | undefined, onProblem: (problem: string | null) => void) {
  const [certificate, setCertificate] = useState<File | null>(null);
  const [certificateToDelete, setCertificateToDelete] = useState(false);
  const certificateInput = useRef<HTMLInputElement>(null);

  function chooseCertificate(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    const problem = certificateFileProblem(file);
    onProblem(problem);
    if (problem) {
      if (certificateInput.current) certificateInput.current.value = '';
      return;
    }
    setCertificate(file);
  }
  function clearNewCertificate() {
    setCertificate(null);
    if (certificateInput.current) certificateInput.current.value = '';
  }

  return {
    existingCertificate: product?.certificatefile ?? '',
    certificate,
    certificateToDelete,
    certificateInput,
    chooseCertificate,
    clearNewCertificate,
    toggleCertificateToDelete: () => setCertificateToDelete((v) => !v),
    /** What is sent: a new report replaces the current one, so removal is asked for only without one. */
    changes: { certificate, certificateToDelete: certificateToDelete && !certificate },
  };
}

type CertificateChoice = ReturnType<typeof useCertificateChoice>;

/** The lab, the report number and the report file (current one removable or replaced, new one removable). */
export function CertificateFieldset({ choice, ...form }: FieldProps & { choice: CertificateChoice }) {
  const { fields, err, disabled } = form;
  const { existingCertificate, certificate, certificateToDelete } = choice;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-gray-900">Lab certificate</legend>
      <ProductSelect state={form} k="certificatelab" label="Lab">
        <option value="">No lab report</option>
        {CERTIFICATE_LABS.map((l) => (
          <option key={l.key} value={l.key}>
            {l.label}
          </option>
        ))}
      </ProductSelect>
      <ProductInput
        state={form}
        k="certificatenumber"
        label="Report number"
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
        placeholder={fields.certificatelab === 'gia' ? 'e.g. 2141438167' : 'e.g. LG612345678'}
      />
      <div className="space-y-2 sm:col-span-2">
        {existingCertificate ? (
          <div
            className="flex items-center gap-3 rounded-md border border-gray-200 p-2 text-sm"
            data-testid="existing-certificate"
            data-marked={certificateToDelete || Boolean(certificate)}
          >
            <FileText aria-hidden className="size-5 text-gray-500" />
            <a
              href={existingCertificate}
              target="_blank"
              rel="noopener"
              className={`flex-1 font-medium text-brand-700 underline ${certificateToDelete || certificate ? 'opacity-40' : ''}`}
            >
              Current report
            </a>
            {certificate || certificateToDelete ? (
              <span className="font-medium text-red-700">
                {certificate ? 'Will be replaced by the new report' : 'Will be removed'}
              </span>
            ) : null}
            <Button
              variant="ghost"
              onClick={choice.toggleCertificateToDelete}
              disabled={Boolean(certificate)}
              aria-pressed={certificateToDelete}
            >
              {certificateToDelete ? 'Keep report' : 'Remove report'}
            </Button>
          </div>
        ) : null}
        {certificate ? (
          <div className="flex items-center gap-3 rounded-md border border-green-300 p-2 text-sm">
            <FileText aria-hidden className="size-5 text-green-700" />
            <span className="flex-1 truncate">{certificate.name}</span>
            <Button variant="ghost" onClick={choice.clearNewCertificate} aria-label={`Remove ${certificate.name}`}>
              <X aria-hidden className="size-4" />
            </Button>
          </div>
        ) : null}
        <FilePicker
          icon={FileText}
          inputRef={choice.certificateInput}
          accept="application/pdf,.pdf,image/*"
          label="Lab report file"
          onFiles={choice.chooseCertificate}
        >
          {existingCertificate || certificate ? 'Replace the lab report' : 'Upload the lab report'} (PDF or a picture, up to 10
          MB)
        </FilePicker>
        {err('certificate') || err('certificateToDelete') ? (
          <p role="alert" className="text-sm text-red-600">
            {err('certificate') || err('certificateToDelete')}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
