/**
 * Swiss company identification number (UID, "CHE-123.456.789"). The ninth digit is a
 * modulo-11 check digit over the first eight, weighted 5,4,3,2,7,6,5,4; a remainder that
 * would give 10 is never issued, so such numbers are invalid.
 */

const UID_PATTERN = /^CHE-?(\d{3})\.?(\d{3})\.?(\d{3})$/;
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4] as const;

/** Check digit for eight leading digits, or null when the combination is never issued. */
export function swissUidCheckDigit(firstEight: string): number | null {
  if (!/^\d{8}$/.test(firstEight)) return null;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i += 1) {
    sum += Number(firstEight[i]) * WEIGHTS[i]!;
  }
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return null;
  return check;
}

/**
 * True for a well-formed UID with a correct check digit. Accepts the printed form
 * "CHE-123.456.789" and the compact "CHE123456789"; a trailing " MWST"/" TVA"/" IVA"
 * (the VAT number form) is not part of the UID and is rejected.
 */
export function isValidSwissUid(uid: string): boolean {
  const match = UID_PATTERN.exec(uid.trim());
  if (!match) return false;
  const digits = `${match[1]}${match[2]}${match[3]}`;
  const expected = swissUidCheckDigit(digits.slice(0, 8));
  return expected !== null && expected === Number(digits[8]);
}
