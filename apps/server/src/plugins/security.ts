import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers, with a Content-Security-Policy that allows this origin and, for social
 * sign-in, only the identity providers' own script, frame and style addresses.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Google and Facebook sign-in: exactly their client scripts, frames and styles.
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', 'https://connect.facebook.net'],
        styleSrc: ["'self'", 'https://accounts.google.com/gsi/style'],
        frameSrc: ['https://accounts.google.com', 'https://www.facebook.com'],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Same-origin only: nothing here is meant to be embedded or read by other sites.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
});
