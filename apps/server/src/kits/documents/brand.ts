import { eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contracts/constants';
import type { TDatabase } from '../../db/client.ts';
import { schools } from '../../db/schema/index.ts';
import { schoolWide } from '../../access/school.ts';
import { loadLogo } from './logo.ts';
import type { TDocumentBrand } from './types.ts';

/** The school as a document's head prints it (name, logo, time zone), or null for no such school. */
export async function loadDocumentBrand(db: TDatabase, schoolId: string): Promise<TDocumentBrand | null> {
  const [school] = await db
    .select({ nameEn: schools.nameEn, nameAr: schools.nameAr, logoUrl: schools.logoUrl })
    .from(schools)
    .where(eq(schools.schoolId, schoolId))
    .limit(1);
  if (!school) return null;
  const shared = await schoolWide(db, schoolId);
  return {
    nameEn: school.nameEn,
    nameAr: school.nameAr,
    logo: loadLogo(school.logoUrl),
    timeZone: shared?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}
