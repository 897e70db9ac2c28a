/**
 * English copy of the invoices on “My data” (/en/my-data); the shape is the German
 * module's (../my-data-invoices.ts): each invoice made out to the address, its PDF again,
 * and that invoices are kept ten years – also after “Delete all my data” – as Swiss law
 * keeps business records (Art. 958f CO).
 */

export const myDataInvoiceTexts = {
  title: 'Invoices',
  none: 'No invoices.',
  kept:
    'We keep invoices for ten years, as the law requires for business records (Art. 958f CO). ' +
    '“Delete all my data” deletes everything else; the invoices remain until the date shown and are deleted then.',
  entryTitle: (number: string) => `Invoice ${number}`,
  fields: {
    date: 'Invoice date',
    name: 'Made out to',
    appointment: 'Appointment',
    amount: 'Amount',
    state: 'Status',
    deleteAt: 'Kept until',
  },
  paid: 'Paid',
  open: 'Unpaid',
  pdf: 'Download PDF',
  pdfPending: 'Creating PDF …',
  pdfFailed: 'The PDF could not be loaded. Please try again.',
} as const;
