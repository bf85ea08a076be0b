import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type TLanguage } from '@portal/contracts/constants';

/** The portal language the client asked for in Accept-Language (`ar` or `en`). */
export function requestLanguage(request: FastifyRequest): TLanguage {
  const first = request.headers['accept-language']?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'ar' || first.startsWith('ar-') ? 'ar' : DEFAULT_LANGUAGE;
}
