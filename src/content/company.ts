/**
 * The company behind the practice as the legal notice, the privacy notice and the invoices
 * name it: facts, the same in every language (the legal notice adds the register's name in
 * its language). Fictional sample data in the real shape until the practice replaces it.
 */
import { practice } from './practice';
import { sandraHuber } from './team';

const uid = 'CHE-318.472.653';

export const company = {
  companyName: 'Ruhepol Schlafberatung GmbH',
  managingDirector: sandraHuber.name,
  /**
   * Firmennummer (CH-ID) in the commercial register: CH-<office>.<type>.<number>-<check>;
   * 020 is the register office of the canton of Zurich. Fictional, in the real shape.
   */
  registerNumber: 'CH-020.4.061.237-5',
  /** Swiss company identification number; the check digit is valid (src/test/swiss-uid.ts checks it). */
  uid,
  /** The UID with the VAT suffix, as printed on invoices. */
  vatNumber: `${uid} MWST`,
  /** Registered office (Zürich), not the practice in Uitikon. */
  registeredAddress: practice.registeredAddress,
} as const;
