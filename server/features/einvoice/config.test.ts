import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';

const { publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const DER = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const ALL = {
  EINVOICE_API_BASE: 'https://gsp.example.com/nic/',
  EINVOICE_USERNAME: 'shop_api',
  EINVOICE_PASSWORD: 'secret',
  EINVOICE_CLIENT_ID: 'AACL1234',
  EINVOICE_CLIENT_SECRET: 'client-secret',
  EINVOICE_PUBLIC_KEY: DER,
};

describe('the IRP settings', () => {
  it('are all six or none; the public key is read as NIC publishes it (base64) or as PEM, with \\n written out', () => {
    expect(parseConfig({}).einvoice).toBeUndefined();
    const config = parseConfig(ALL).einvoice;
    expect(config).toMatchObject({ apiBase: 'https://gsp.example.com/nic', username: 'shop_api', clientId: 'AACL1234' });
    expect(crypto.createPublicKey(config?.publicKey ?? '').equals(publicKey)).toBe(true);
    const escaped = PEM.trim().replace(/\n/g, '\\n');
    expect(
      crypto.createPublicKey(parseConfig({ ...ALL, EINVOICE_PUBLIC_KEY: escaped }).einvoice?.publicKey ?? '').equals(publicKey),
    ).toBe(true);
    const { EINVOICE_CLIENT_SECRET: _, ...five } = ALL;
    expect(() => parseConfig(five)).toThrow(
      /^Invalid setting EINVOICE_CLIENT_SECRET: is needed with the other EINVOICE_ settings/,
    );
    expect(() => parseConfig({ ...ALL, EINVOICE_PUBLIC_KEY: 'not a key' })).toThrow(/^Invalid setting EINVOICE_PUBLIC_KEY/);
    expect(() => parseConfig({ ...ALL, EINVOICE_API_BASE: 'ftp://gsp.example.com' })).toThrow(
      /^Invalid setting EINVOICE_API_BASE/,
    );
  });
});
