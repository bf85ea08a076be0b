import type { TAnyBundleFileHandler } from '../../kits/bundle-file.ts';
import { agendaFile } from './import-agenda.ts';
import { attendanceFile } from './import-attendance.ts';
import { calendarFile } from './import-calendar.ts';
import { timetableFile } from './import-timetable.ts';

/**
 * The schedule family's own files of a school-data bundle (docs/school-data.md, "The portal's
 * own files"): attendance, timetable, school calendar and agenda.
 */
export const scheduleFiles: TAnyBundleFileHandler[] = [
  attendanceFile,
  timetableFile,
  calendarFile,
  agendaFile,
];
