import { isPickerHost, schoolUrl, setSchoolId } from '../../lib/school-id.ts';

/**
 * Opens school `id` at the same page: on the picker hosts by choosing it, elsewhere by going
 * to its own address on this portal's domain.
 */
export function schoolHref(id: string, location: Location = window.location): string {
  return schoolUrl(id, `${location.pathname}${location.search}`, location);
}

export function goToSchool(id: string): void {
  if (isPickerHost(window.location.hostname)) setSchoolId(id);
  else window.location.assign(schoolHref(id));
}
