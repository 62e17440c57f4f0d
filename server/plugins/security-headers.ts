import fp from 'fastify-plugin';
import { EARLY_TAPS_HASH } from '../http/early-taps.js';
import { installSecurityHeaders } from '../http/security-headers.js';

/** What a page of the shop may load: its own files, Razorpay's checkout, pictures from anywhere over https. */
const CSP = {
  defaultSrc: ["'self'"],
  // The one inline script: a server-rendered page's tap keeper and app loader (server/http/early-taps.ts).
  scriptSrc: ["'self'", EARLY_TAPS_HASH, 'https://checkout.razorpay.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/** Security headers on every answer: the Content-Security-Policy above, Helmet's others, and HSTS over HTTPS. */
export default fp(
  async (app) => {
    installSecurityHeaders(app, {
      contentSecurityPolicy: { useDefaults: false, directives: CSP },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      hsts: false,
    });
    // Strict-Transport-Security only where the shop is reached over HTTPS (the request came over https, or
    // PUBLIC_URL is https behind a proxy), the same rule as the Secure cookie; over plain http it means nothing.
    app.addHook('onRequest', async (request, reply) => {
      if (app.cookieSecure(request)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
    // The API reference page runs its own inline scripts and styles: relax the policy for it alone.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/docs')) reply.removeHeader('content-security-policy');
    });
  },
  { name: 'security-headers' },
);
