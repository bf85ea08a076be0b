import fc from 'fast-check';

/**
 * What an attacker sends instead of the expected value: control and direction characters,
 * other scripts, paths, injections, numbers spelled out, a lone surrogate, long text.
 */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u2066rtl',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9'.repeat(400),
  '../../../etc/passwd',
  '%00',
  "' OR '1'='1' --",
  '"; DROP TABLE parents; --',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  'مرحبا بالعالم',
  '👨‍👩‍👧‍👦',
  '\ud800',
  'a'.repeat(5000),
];

const ODD_NUMBERS = [
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
  -0,
  0.5,
];

/** Object keys that pollute prototypes or confuse lookups. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    '$where',
    'a[b]',
  ),
  fc.string({ maxLength: 12 }),
);

/** A scalar of any JSON type, usually not the one expected. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(...ODD_NUMBERS),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...NASTY_STRINGS),
);

/** Any JSON value: scalars, arrays where objects belong, objects with hostile keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Text that is not the JSON it claims to be, or JSON that tries to pollute a prototype. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    '{"a":1}}',
    "{'a':1}",
    '{"a":1,}',
    'undefined',
    'NaN',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":{"__proto__":{"polluted":true}}}',
  ),
  fc.string({ maxLength: 40 }),
  hostileValue.map((value) => JSON.stringify(value) ?? '').map((text) => text.slice(0, -1)),
);

/** Content types other than plain JSON, some of them not content types at all. */
export const oddContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=abc',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json, text/plain',
  '*/*',
  ';;;',
  'application/',
);

/** URL path segments and query pieces that are not well-formed percent-encoding. */
export const rawUrlPiece = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%2e%2e%2f',
  '..',
  '.',
  ';',
  '%C0%AE',
  '+',
);

/** A value as it would be typed into a URL: text as it is, anything else as JSON. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** Percent-encodes text for a URL, even text that `encodeURIComponent` refuses (lone surrogates). */
export function encodeForUrl(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Printable ASCII, the range HTTP header values may carry. */
export const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
