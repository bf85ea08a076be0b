import { z } from 'zod';
import { ZApiResult } from '../api-result.ts';
import { endpoint } from '../endpoint.ts';
import { ZEnrollNumber, ZEnrollQuery } from '../fees.ts';
import { ZInstant } from '../kits/dates.ts';
import { MAX_REQUEST_NOTE_LENGTH, REQUEST_STATUSES } from '../kits/requests.ts';

/**
 * The parent's and the children's records (F6 of docs/modules.md, "Profile & identity"): what
 * the school keeps of the parent (`parentProfile`) and of each child, in the standard field set
 * (`studentProfile`) or the field set of schools in South Asia (`studentProfileAsian`), in
 * sections; and the parent's proposed changes, requests of kinds `parentProfileChange` and
 * `studentProfileChange` of the request workflow that the school approves or rejects. Which
 * fields a set holds, which the parent may change and how each is checked is written here
 * once, for the server and the web alike.
 */

/** How a field's value is written and checked. */
export const PROFILE_FIELD_KINDS = ['text', 'phone', 'day', 'choice', 'masked'] as const;
export type TProfileFieldKind = (typeof PROFILE_FIELD_KINDS)[number];

/**
 * Where a field's value comes from: `roster` fields are the school's roster (the name, the
 * grade, the birth date of OneRoster's demographics) and are read-only; `details` fields come
 * from the school's details files (docs/school-data.md, `parent_details.csv`,
 * `student_details.csv`) and change when the school approves a parent's proposal.
 */
export type TProfileFieldSource = 'roster' | 'details';

export type TProfileFieldSpec = {
  key: string;
  section: string;
  kind: TProfileFieldKind;
  source: TProfileFieldSource;
  /** The parent may propose a new value. */
  editable: boolean;
  /** An editable field that may not be emptied. */
  required?: boolean;
  /** The longest value (in characters). */
  max: number;
  /** The values a `choice` field takes. */
  choices?: readonly string[];
};

/** A phone number: an optional `+`, then digits in groups that spaces, dashes or brackets part. */
const PHONE_PATTERN = /^[+]?[0-9]{1,4}(?:[ ()-]{0,2}[0-9]{1,4}){1,6}$/;
/** An empty value, or a phone number. */
const PHONE_OR_EMPTY = /^(?:[+]?[0-9]{1,4}(?:[ ()-]{0,2}[0-9]{1,4}){1,6})?$/;
/** Any script; no control characters. */
const TEXT_PATTERN = /^[^\p{Cc}]+$/u;

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const CORRESPONDENCE_LANGUAGES = ['en', 'ar'] as const;
export const SEXES = ['male', 'female', 'unspecified', 'other'] as const;

const text = (key: string, section: string, max: number, editable = true, required = false) =>
  ({
    key,
    section,
    kind: 'text',
    source: 'details',
    editable,
    max,
    ...(required ? { required } : {}),
  }) as const;
const phone = (key: string, section: string, required = false) =>
  ({
    key,
    section,
    kind: 'phone',
    source: 'details',
    editable: true,
    max: 32,
    ...(required ? { required } : {}),
  }) as const;
const roster = (
  key: string,
  section: string,
  kind: TProfileFieldKind = 'text',
  choices?: readonly string[],
) =>
  ({
    key,
    section,
    kind,
    source: 'roster',
    editable: false,
    max: 200,
    ...(choices ? { choices } : {}),
  }) as const;

/** The parent's record. The email address signs the parent in: it is changed in the account's settings, not here. */
export const PARENT_PROFILE_FIELDS: readonly TProfileFieldSpec[] = [
  roster('name', 'identity'),
  roster('email', 'identity'),
  phone('mobilePhone', 'contact', true),
  phone('otherPhone', 'contact'),
  {
    key: 'correspondenceLanguage',
    section: 'contact',
    kind: 'choice',
    source: 'details',
    editable: true,
    max: 2,
    choices: CORRESPONDENCE_LANGUAGES,
  },
  text('addressLine', 'address', 200),
  text('city', 'address', 80),
  text('country', 'address', 80),
  text('occupation', 'work', 100),
  text('employer', 'work', 100),
];

/** A child's record in every school: who the child is, home, who to call, blood group. */
export const STANDARD_STUDENT_FIELDS: readonly TProfileFieldSpec[] = [
  roster('fullName', 'identity'),
  roster('enrollNumber', 'identity'),
  roster('grade', 'identity'),
  roster('birthDate', 'identity', 'day'),
  roster('sex', 'identity', 'choice', SEXES),
  // Changed against documents only: the school keeps them, the parent reads them.
  text('nationality', 'identity', 60, false),
  text('religion', 'identity', 40, false),
  text('homeAddress', 'home', 200, true, true),
  text('city', 'home', 80),
  text('emergencyContactName', 'emergency', 100, true, true),
  text('emergencyContactRelation', 'emergency', 40),
  phone('emergencyContactPhone', 'emergency', true),
  {
    key: 'bloodGroup',
    section: 'health',
    kind: 'choice',
    source: 'details',
    editable: true,
    max: 3,
    choices: BLOOD_GROUPS,
  },
];

/**
 * The field set of schools in South Asia: the standard one and a "background" section as their
 * admission forms ask it: the name in the family's own script, the mother tongue, the place of
 * birth, the national identity number (shown masked, kept by the school) and the parents'
 * occupations. Caste and reservation category are not kept: the portal has no use for them.
 */
export const ASIAN_STUDENT_FIELDS: readonly TProfileFieldSpec[] = [
  ...STANDARD_STUDENT_FIELDS,
  text('nameNativeScript', 'background', 120),
  text('motherTongue', 'background', 40),
  text('placeOfBirth', 'background', 80, false),
  { key: 'nationalId', section: 'background', kind: 'masked', source: 'details', editable: false, max: 32 },
  text('fatherOccupation', 'background', 100),
  text('motherOccupation', 'background', 100),
];

export const PROFILE_FIELD_SETS = ['parent', 'standard', 'asian'] as const;
export type TProfileFieldSet = (typeof PROFILE_FIELD_SETS)[number];

export const PROFILE_FIELDS: Readonly<Record<TProfileFieldSet, readonly TProfileFieldSpec[]>> = {
  parent: PARENT_PROFILE_FIELDS,
  standard: STANDARD_STUDENT_FIELDS,
  asian: ASIAN_STUDENT_FIELDS,
};

/** The `details` fields a school's details file may give, for the parent or for a child (either set). */
export const PARENT_DETAIL_FIELDS = PARENT_PROFILE_FIELDS.filter((field) => field.source === 'details');
export const STUDENT_DETAIL_FIELDS = ASIAN_STUDENT_FIELDS.filter((field) => field.source === 'details');

/** Why a value is refused, as the web names it: too long, not of its kind, empty when required. */
export type TProfileValueProblem = 'required' | 'tooLong' | 'invalid';

/** The value as kept: trimmed, inner runs of spaces made one. */
export const normalProfileValue = (value: string) => value.trim().replace(/\s+/g, ' ');

/** What is wrong with a value for this field, or null when it is good ('' empties the field). */
export function profileValueProblem(spec: TProfileFieldSpec, raw: string): TProfileValueProblem | null {
  const value = normalProfileValue(raw);
  if (value === '') return spec.required ? 'required' : null;
  if (value.length > spec.max) return 'tooLong';
  switch (spec.kind) {
    case 'phone':
      return PHONE_PATTERN.test(value) ? null : 'invalid';
    case 'choice':
      return spec.choices?.includes(value) ? null : 'invalid';
    case 'text':
      return TEXT_PATTERN.test(value) ? null : 'invalid';
    default:
      return 'invalid';
  }
}

/** A national identity number as the parent sees it: its last four characters. */
export const maskedId = (value: string) =>
  value.length <= 4
    ? '•'.repeat(value.length)
    : `${'•'.repeat(Math.min(8, value.length - 4))}${value.slice(-4)}`;

// ---------------------------------------------------------------- answers

export const ZProfileField = z.object({
  key: z.string(),
  kind: z.enum(PROFILE_FIELD_KINDS),
  /** null: the school has no value. A `masked` value shows its last four characters only. */
  value: z.string().nullable(),
  editable: z.boolean(),
  required: z.boolean(),
  max: z.number().int().positive(),
  choices: z.array(z.string()).nullable(),
  /** The value an open change proposes (null: none is open; '' proposes to empty it). */
  pendingValue: z.string().nullable(),
});
export type TProfileField = z.infer<typeof ZProfileField>;

export const ZProfileSection = z.object({ key: z.string(), fields: z.array(ZProfileField) });
export type TProfileSection = z.infer<typeof ZProfileSection>;

/** One field of a change: its value when the change was proposed, and the value proposed. */
export const ZProfileFieldChange = z.object({
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const ZProfileChange = z.object({
  id: z.uuid(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: ZInstant,
  updatedAt: ZInstant,
  changes: z.array(ZProfileFieldChange),
  /** The parent's note to the school. */
  note: z.string(),
  /** The school's note on its last decision ('' when none). */
  schoolNote: z.string(),
});
export type TProfileChange = z.infer<typeof ZProfileChange>;

export const ZProfile = ZApiResult.extend({
  fieldSet: z.enum(PROFILE_FIELD_SETS),
  sections: z.array(ZProfileSection),
  /** The changes the school has not decided yet, newest first. */
  pendingChanges: z.array(ZProfileChange),
  /** The decided and cancelled ones, newest first (the last ten). */
  history: z.array(ZProfileChange),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZStudentProfile = ZProfile.extend({ enrollNumber: ZEnrollNumber });
export type TStudentProfile = z.infer<typeof ZStudentProfile>;

/** The most fields one change proposes. */
export const MAX_PROFILE_CHANGES = 20;

/**
 * The fields a page may change and the value each takes ('' empties a field that may be empty):
 * a field of another set, or a read-only one, is refused (400 `V001`), as is a value too long or
 * not of the field's kind; the server checks the rest (no field, an unchanged one, an empty
 * required one).
 */
function changesOf(specs: readonly TProfileFieldSpec[]) {
  const editable = specs.filter((spec) => spec.editable);
  return z
    .object(
      Object.fromEntries(
        editable.map((spec) => [
          spec.key,
          (spec.kind === 'phone'
            ? z.string().regex(spec.required ? PHONE_PATTERN : PHONE_OR_EMPTY)
            : spec.kind === 'choice'
              ? z.enum(spec.required ? [...(spec.choices ?? [])] : ['', ...(spec.choices ?? [])])
              : spec.required
                ? z.string().trim().min(1).max(spec.max)
                : z.string().max(spec.max)
          ).optional(),
        ]),
      ),
    )
    .strict();
}

const ZNote = z.string().trim().max(MAX_REQUEST_NOTE_LENGTH).optional();

/** The fields to change and their new values ('' empties a field that may be empty). */
export const ZParentProfileChangeBody = z.object({ changes: changesOf(PARENT_PROFILE_FIELDS), note: ZNote });
export type TParentProfileChangeBody = z.infer<typeof ZParentProfileChangeBody>;

export const ZStudentProfileChangeBody = z.object({
  enrollNumber: ZEnrollNumber,
  changes: changesOf(STANDARD_STUDENT_FIELDS),
  note: ZNote,
});
export type TStudentProfileChangeBody = z.infer<typeof ZStudentProfileChangeBody>;

export const ZStudentProfileAsianChangeBody = ZStudentProfileChangeBody.extend({
  changes: changesOf(ASIAN_STUDENT_FIELDS),
});

export const ZProfileChangeAnswer = ZApiResult.extend({ change: ZProfileChange });

export const profileEndpoints = {
  parentProfile: endpoint({
    method: 'GET',
    path: '/parent-profile',
    module: 'parentProfile',
    response: ZProfile,
  }),
  proposeParentProfileChange: endpoint({
    method: 'POST',
    path: '/parent-profile/changes',
    module: 'parentProfile',
    body: ZParentProfileChangeBody,
    response: ZProfileChangeAnswer,
    created: true,
  }),
  studentProfile: endpoint({
    method: 'GET',
    path: '/student-profile',
    module: 'studentProfile',
    query: ZEnrollQuery,
    response: ZStudentProfile,
  }),
  proposeStudentProfileChange: endpoint({
    method: 'POST',
    path: '/student-profile/changes',
    module: 'studentProfile',
    body: ZStudentProfileChangeBody,
    response: ZProfileChangeAnswer,
    created: true,
  }),
  studentProfileAsian: endpoint({
    method: 'GET',
    path: '/student-profile-asian',
    module: 'studentProfileAsian',
    query: ZEnrollQuery,
    response: ZStudentProfile,
  }),
  proposeStudentProfileAsianChange: endpoint({
    method: 'POST',
    path: '/student-profile-asian/changes',
    module: 'studentProfileAsian',
    body: ZStudentProfileAsianChangeBody,
    response: ZProfileChangeAnswer,
    created: true,
  }),
};
