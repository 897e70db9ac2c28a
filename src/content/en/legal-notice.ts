/**
 * English copy of the legal notice (/en/legal-notice); the shape is the German module's
 * (../legal-notice.ts). Only the German notice (/impressum) is legally binding: the lead
 * says so first, as the shape has no field of its own for it.
 */
import { company } from '../company';
import { addressLines } from '../practice';
import { practice } from './practice';

/** The registered office's locality (`legalEntity.registeredAddress.locality`) as English spells it in running text. */
const seat = 'Zurich';

export const legalEntity = {
  ...company,
  commercialRegister: `Commercial Register of the Canton of ${seat}`,
} as const;

export const legalNoticePage = {
  hero: {
    title: 'Legal notice',
    lead: 'Who operates this website, and legal information.',
  },
  bindingNote: {
    text: 'This English version is provided for convenience; only the German version is legally binding.',
    link: { label: 'Read the German legal notice', to: '/impressum' },
  },
  detailsTitle: 'Responsible for the content',
  details: [
    { label: 'Company', lines: [legalEntity.companyName] },
    { label: 'Registered office', lines: addressLines(company.registeredAddress) },
    { label: 'Managing director', lines: [legalEntity.managingDirector] },
    { label: 'Phone', lines: [practice.phone.display], href: `tel:${practice.phone.e164}` },
    { label: 'E-mail', lines: [practice.email], href: `mailto:${practice.email}` },
    { label: 'Commercial register', lines: [legalEntity.commercialRegister, `Company number ${legalEntity.registerNumber}`] },
    { label: 'UID', lines: [legalEntity.uid] },
    { label: 'VAT number', lines: [legalEntity.vatNumber] },
  ],
  sections: [
    {
      title: 'Disclaimer',
      paragraphs: [
        'We check the content of this website carefully. Nevertheless, we cannot guarantee that the information is correct, accurate, up to date, reliable or complete.',
        'Liability claims against us for material or immaterial damage arising from access to, use or non-use of the published information, from misuse of the connection or from technical faults are excluded to the extent permitted by Swiss law.',
        'All offers on this website are non-binding. We reserve the right to change, supplement or delete parts of the pages or the entire offering, or to suspend or discontinue publication temporarily or permanently, without prior notice.',
      ],
    },
    {
      title: 'A note on health topics',
      paragraphs: [
        `${legalEntity.companyName} is not a medical practice. Our consultations and the texts on this website are for general information and do not replace a medical examination, diagnosis or treatment. If your symptoms persist, please have them checked by a doctor.`,
      ],
    },
    {
      title: 'Liability for links',
      paragraphs: [
        'References and links to third-party websites lie outside our area of responsibility. Their operators alone are responsible for their content. At the time the links were set, no unlawful content was apparent.',
        'Accessing and using linked websites is at your own risk. If we become aware of any infringement of the law, we will remove the links concerned immediately.',
      ],
    },
    {
      title: 'Copyright',
      paragraphs: [
        `The copyright and all other rights to the texts, images, illustrations, videos and other files on this website belong exclusively to ${legalEntity.companyName} or to the rights holders expressly named. They are protected by the Swiss Federal Act on Copyright and Related Rights (Copyright Act, CopA).`,
        'The prior written consent of the rights holders is required to reproduce, adapt or distribute any content. Quoting short passages of text with the source remains permitted within the limits of the law.',
      ],
    },
    {
      title: 'Applicable law and place of jurisdiction',
      paragraphs: [
        `This website and its use are governed exclusively by Swiss law. The place of jurisdiction is ${seat}, unless the law mandatorily provides for another place of jurisdiction.`,
      ],
    },
  ],
} as const;
