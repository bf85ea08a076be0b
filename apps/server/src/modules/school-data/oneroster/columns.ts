// The columns of each OneRoster CSV file (docs/school-data.md). `read` are the columns a file
// must hold for the portal; `other` the rest of the standard's columns, which a file may hold
// and the portal does not read. Extension columns (`metadata.*`) are always allowed.

const COMMON = ['sourcedId', 'status', 'dateLastModified'];

export const ORGS = {
  read: ['sourcedId', 'name', 'type'],
  other: [...COMMON, 'identifier', 'parentSourcedId'],
};

export const ACADEMIC_SESSIONS = {
  read: ['sourcedId', 'title', 'type', 'startDate', 'endDate', 'schoolYear'],
  other: [...COMMON, 'parentSourcedId'],
};

export const COURSES = {
  read: ['sourcedId', 'title'],
  other: [
    ...COMMON,
    'schoolYearSourcedId',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
};

export const CLASSES = {
  read: ['sourcedId', 'title', 'classType'],
  other: [
    ...COMMON,
    'grades',
    'courseSourcedId',
    'classCode',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
};

export const ENROLLMENTS = {
  read: ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  other: [...COMMON, 'schoolSourcedId', 'primary', 'beginDate', 'endDate'],
};

const USERS_COMMON = [
  ...COMMON,
  'enabledUser',
  'username',
  'userIds',
  'middleName',
  'identifier',
  'email',
  'sms',
  'phone',
  'agentSourcedIds',
  'grades',
  'password',
];

export const USERS_1_1 = {
  read: ['sourcedId', 'givenName', 'familyName', 'role'],
  other: [...USERS_COMMON, 'orgSourcedIds'],
};

export const USERS_1_2 = {
  read: ['sourcedId', 'givenName', 'familyName'],
  other: [
    ...USERS_COMMON,
    'userMasterIdentifier',
    'resourceSourcedIds',
    'preferredGivenName',
    'preferredMiddleName',
    'preferredFamilyName',
    'primaryOrgSourcedId',
    'pronouns',
  ],
};

export const ROLES = {
  read: ['sourcedId', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
  other: [...COMMON, 'userProfileSourcedId', 'beginDate', 'endDate'],
};

export const DEMOGRAPHICS = {
  read: ['sourcedId'],
  other: [
    ...COMMON,
    'birthDate',
    'sex',
    'americanIndianOrAlaskaNative',
    'asian',
    'blackOrAfricanAmerican',
    'nativeHawaiianOrOtherPacificIslander',
    'white',
    'demographicRaceTwoOrMoreRaces',
    'hispanicOrLatinoEthnicity',
    'countryOfBirthCode',
    'stateOfBirthAbbreviation',
    'cityOfBirth',
    'publicSchoolResidenceStatus',
  ],
};

export const CATEGORIES = { read: ['sourcedId', 'title'], other: [...COMMON, 'weight'] };

export const LINE_ITEMS = {
  read: ['sourcedId', 'title', 'classSourcedId', 'categorySourcedId'],
  other: [
    ...COMMON,
    'description',
    'assignDate',
    'dueDate',
    'gradingPeriodSourcedId',
    'academicSessionSourcedId',
    'schoolSourcedId',
    'scoreScaleSourcedId',
    'resultValueMin',
    'resultValueMax',
    'learningObjectiveSet',
  ],
};

export const RESULTS = {
  read: ['sourcedId', 'lineItemSourcedId', 'studentSourcedId', 'scoreStatus'],
  other: [
    ...COMMON,
    'score',
    'textScore',
    'scoreDate',
    'comment',
    'classSourcedId',
    'scoreScaleSourcedId',
    'learningObjectiveSet',
    'inProgress',
    'incomplete',
    'late',
    'missing',
  ],
};

export const SCORE_SCALES = {
  read: ['sourcedId', 'title', 'scoreScaleValue'],
  other: [...COMMON, 'type', 'orgSourcedId', 'schoolSourcedId', 'courseSourcedId', 'classSourcedId'],
};
