// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PROVIDER_DOMAINS, suggestEmail, typoDistance } from './email-suggestion';

describe('suggestEmail', () => {
  it.each([
    ['anna@gmial.com', 'anna@gmail.com'],
    ['beat@bluewin.con', 'beat@bluewin.ch'],
    ['beat@bluwin.ch', 'beat@bluewin.ch'],
    ['beat@bluewin.chh', 'beat@bluewin.ch'],
    ['beat@bluewin.cm', 'beat@bluewin.ch'],
    ['anna@gmail.con', 'anna@gmail.com'],
    ['anna@gmail.cm', 'anna@gmail.com'],
    ['anna@gmail.co', 'anna@gmail.com'],
    ['anna@gnail.com', 'anna@gmail.com'],
    ['anna@gmial.con', 'anna@gmail.com'],
    ['urs@gmx.chh', 'urs@gmx.ch'],
    ['urs@gmx.ne', 'urs@gmx.net'],
    ['urs@gmx.nte', 'urs@gmx.net'],
    ['lea@hotmial.com', 'lea@hotmail.com'],
    ['lea@hotmail.con', 'lea@hotmail.com'],
    ['lea@outlok.com', 'lea@outlook.com'],
    ['lea@icloud.cmo', 'lea@icloud.com'],
    ['lea@yaho.com', 'lea@yahoo.com'],
    ['lea@sunrsie.ch', 'lea@sunrise.ch'],
    ['lea@hispeed.chh', 'lea@hispeed.ch'],
    ['lea@hispped.ch', 'lea@hispeed.ch'],
    ['lea@protonmial.com', 'lea@protonmail.com'],
    ['lea@proton.mee', 'lea@proton.me'],
  ])('%s → %s', (typed, meant) => {
    expect(suggestEmail(typed)).toBe(meant);
  });

  it('corrects a top-level domain that does not exist on any domain: .con, .cm, .chh', () => {
    expect(suggestEmail('info@schreinerei-huber.con')).toBe('info@schreinerei-huber.com');
    expect(suggestEmail('info@schreinerei-huber.cm')).toBe('info@schreinerei-huber.com');
    expect(suggestEmail('info@schreinerei-huber.chh')).toBe('info@schreinerei-huber.ch');
  });

  it('keeps the part before the @ exactly as typed (case, umlauts, dots, plus)', () => {
    expect(suggestEmail('Jürg.Müller+schlaf@Gmial.com')).toBe('Jürg.Müller+schlaf@gmail.com');
    expect(suggestEmail('  anna@gmial.com  ')).toBe('anna@gmail.com');
    expect(suggestEmail('ANNA@GMIAL.COM')).toBe('ANNA@gmail.com');
  });

  it.each([
    ['anna@example.ch', 'the documentation domain'],
    ['anna@example.com', 'the documentation domain'],
    ['name@beispiel.ch', 'the forms’ placeholder'],
    ['ihre.email@beispiel.ch', 'the newsletter’s placeholder'],
    ['info@schreinerei-huber.ch', 'a company'],
    ['praxis@ruhepol-schlafberatung.ch', 'the practice itself'],
    ['anna@uzh.ch', 'a university'],
    ['anna@gmc.ch', 'three letters near gmx: too short to guess'],
    ['anna@mail.com', 'a real provider one letter from gmail.com'],
    ['anna@email.com', 'a real provider one letter from gmail.com'],
    ['anna@ymail.com', 'a real provider one letter from gmail.com'],
    ['anna@cloud.com', 'a real company one letter from icloud.com'],
    ['anna@mail.ch', 'not gmail.ch (no such provider) either'],
    ['anna@gmx.de', 'the provider in another country'],
    ['anna@gmx.at', 'the provider in another country'],
    ['anna@hotmail.de', 'the provider in another country'],
    ['anna@yahoo.fr', 'the provider in another country'],
    ['anna@protonmail.ch', 'the provider’s Swiss domain'],
    ['anna@web.de', 'another provider'],
    ['anna@bluemail.ch', 'another provider'],
  ])('suggests nothing for %s (%s)', (address) => {
    expect(suggestEmail(address)).toBeNull();
  });

  it('suggests nothing for a provider’s own domain, in any case', () => {
    for (const domain of PROVIDER_DOMAINS) {
      expect(suggestEmail(`anna@${domain}`)).toBeNull();
      expect(suggestEmail(`Anna@${domain.toUpperCase()}`)).toBeNull();
    }
  });

  it.each(['', 'anna', 'anna@', '@gmial.com', 'anna@gmial', 'anna@gmial.', 'anna@.com'])('suggests nothing for what is not an address yet: %j', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });

  it('does not guess between two providers equally close', () => {
    // «gmx.con»: .con is a typo, but of gmx.ch or of gmx.net? Only the top-level domain is fixed.
    expect(suggestEmail('urs@gmx.con')).toBe('urs@gmx.com');
  });
});

describe('typoDistance', () => {
  it('counts an insertion, a deletion, a substitution and a swap of neighbours as one', () => {
    expect(typoDistance('gmail', 'gmail')).toBe(0);
    expect(typoDistance('gmai', 'gmail')).toBe(1);
    expect(typoDistance('gmaail', 'gmail')).toBe(1);
    expect(typoDistance('gnail', 'gmail')).toBe(1);
    expect(typoDistance('gmial', 'gmail')).toBe(1);
    expect(typoDistance('hotmial', 'hotmail')).toBe(1);
    expect(typoDistance('con', 'ch')).toBe(2);
    expect(typoDistance('', 'abc')).toBe(3);
    expect(typoDistance('example', 'hotmail')).toBeGreaterThan(2);
  });
});
