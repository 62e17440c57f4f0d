/**
 * The stand-in IRP (server/test/fake-irp.ts, NIC's e-invoice API v1.03) as a process of its own for the browser
 * journeys: the server's EINVOICE_ settings point here. The journeys' configuration makes the IRP's key pair and
 * passes the private key in (IRP_STAND_IN_KEY, PEM) with the port and the credentials, so the server can be given the
 * public key before this answers.
 *
 *   GET /healthz    up
 */
import { startFakeIrp } from '../server/test/fake-irp.js';

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

await startFakeIrp({
  port: Number(need('IRP_STAND_IN_PORT')),
  privateKey: need('IRP_STAND_IN_KEY'),
  credentials: {
    username: need('EINVOICE_USERNAME'),
    password: need('EINVOICE_PASSWORD'),
    clientId: need('EINVOICE_CLIENT_ID'),
    clientSecret: need('EINVOICE_CLIENT_SECRET'),
  },
});
