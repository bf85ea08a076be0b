import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicInfo, ZSchoolDetails, ZSchoolDirectory, ZSchoolIdList } from '@portal/contracts/school';
import { ApiError } from '../../api-error.ts';
import { MessageId } from '@portal/contracts/messages';
import type { TDatabase } from '../../db/client.ts';
import { listSchoolDirectory, listSchoolIds } from './repository.ts';
import { schoolDetailsOf } from './school-details.ts';

/** /v1/oa/public: what the entry view shows before anyone signs in. */
export const schoolRoutes: FastifyPluginAsyncZod<{ db: TDatabase; isProduction: boolean }> = async (
  app,
  { db, isProduction },
) => {
  app.get('/info', { schema: { response: { 200: ZPublicInfo } } }, async (request) => {
    const school = request.school;
    return {
      lic_lms_url: school.licLmsUrl,
      lic_school_logo: school.logoUrl,
      lic_school_name: school.nameEn,
      lic_website_url: school.licWebsiteUrl,
      lic_loginpg: school.licLoginpg,
      google_client_id: school.googleClientId,
      facebook_app_id: school.facebookAppId,
    };
  });

  app.get('/school-details', { schema: { response: { 200: ZSchoolDetails } } }, async (request) =>
    schoolDetailsOf(db, request.school),
  );

  // The school picker of test and development machines lists these before a school is chosen,
  // so this one route needs no client-id. Production never lists its tenants.
  app.get(
    '/schools',
    { config: { tenant: false }, schema: { response: { 200: ZSchoolIdList } } },
    async () => {
      if (isProduction) throw new ApiError(404, MessageId.notFound, 'Not found');
      return listSchoolIds(db);
    },
  );

  // The same list with each school's names and logo, for the picker and the unknown-school page.
  app.get(
    '/school-directory',
    { config: { tenant: false }, schema: { response: { 200: ZSchoolDirectory } } },
    async () => {
      if (isProduction) throw new ApiError(404, MessageId.notFound, 'Not found');
      return listSchoolDirectory(db);
    },
  );
};
