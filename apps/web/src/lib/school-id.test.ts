import { describe, expect, it } from 'vitest';
import {
  getSchoolId,
  initSchoolId,
  isPickerHost,
  resolveSchoolId,
  schoolIdFromAddress,
  schoolUrl,
  setSchoolId,
} from './school-id.ts';

describe('school id resolution', () => {
  it('takes the first label of a production host', () => {
    expect(resolveSchoolId('bcad.portal.example', null)).toBe('bcad');
    expect(resolveSchoolId('BWA.Portal.Example.', 'mogra')).toBe('bwa');
  });

  it('resolves <id>.localhost like production', () => {
    expect(resolveSchoolId('mogra.localhost', null)).toBe('mogra');
    expect(resolveSchoolId('bcd.localhost', 'bcad')).toBe('bcd');
  });

  it('reads the stored id on localhost, 127.0.0.1 and IP addresses', () => {
    for (const host of ['localhost', '127.0.0.1', '192.168.1.20', '[::1]']) {
      expect(isPickerHost(host)).toBe(true);
      expect(resolveSchoolId(host, 'bnad')).toBe('bnad');
      expect(resolveSchoolId(host, null)).toBe('');
    }
    expect(isPickerHost('bcad.portal.example')).toBe(false);
  });

  it('rejects a stored value that is not a school id', () => {
    expect(resolveSchoolId('localhost', '   ')).toBe('');
    expect(resolveSchoolId('localhost', '../etc')).toBe('');
  });

  it('keeps the resolved id in localStorage under client-id', () => {
    expect(initSchoolId('bcaa.portal.example')).toBe('bcaa');
    expect(window.localStorage.getItem('client-id')).toBe('bcaa');
  });

  it('lets the picker choose a school on localhost and remembers it', () => {
    window.localStorage.removeItem('client-id');
    expect(initSchoolId('localhost')).toBe('');
    setSchoolId('mogra');
    expect(getSchoolId()).toBe('mogra');
    expect(window.localStorage.getItem('client-id')).toBe('mogra');
    expect(initSchoolId('localhost')).toBe('mogra');
  });

  it('reads the school id in an address a parent typed', () => {
    expect(schoolIdFromAddress(' bcad ')).toBe('bcad');
    expect(schoolIdFromAddress('BCAD.portal.example')).toBe('bcad');
    expect(schoolIdFromAddress('https://bwa.portal.example/sign-in?x=1')).toBe('bwa');
    expect(schoolIdFromAddress('bnad.localhost:3000')).toBe('bnad');
    expect(schoolIdFromAddress('')).toBe('');
    expect(schoolIdFromAddress('../etc')).toBe('');
    expect(schoolIdFromAddress('https://')).toBe('');
  });

  it("builds a school's address on this portal's own domain, whatever was typed", () => {
    const here = { protocol: 'https:', host: 'nosuchschool.portal.example' };
    expect(schoolUrl('bcad', '/register?lng=ar', here)).toBe('https://bcad.portal.example/register?lng=ar');
    expect(schoolUrl(schoolIdFromAddress('bcad.evil.example'), '/', here)).toBe(
      'https://bcad.portal.example/',
    );
    expect(schoolUrl('bwa', '/sign-in', { protocol: 'http:', host: 'nosuchschool.localhost:3170' })).toBe(
      'http://bwa.localhost:3170/sign-in',
    );
  });
});
