/**
 * The CPU time of one invoice PDF in Deno, as the function spends it: the first one in a
 * fresh isolate (the cold path – pdfkit's and swissqrbill's modules evaluated, the standard
 * font's metrics read, the name font decoded and parsed) and the next ones (warm). Prints one JSON line. Run by
 * scripts/bench/invoice-pdf-cpu.ts (`npm run bench:functions`), a measurement, not a test.
 */
import process from 'node:process';
import { SAMPLE_INVOICE } from './sample-invoice.ts';

const cpuMs = (start: { user: number; system: number }) => {
  const now = process.cpuUsage(start);
  return (now.user + now.system) / 1000;
};

if (import.meta.main) {
  const cold = process.cpuUsage();
  // Imported here, so that evaluating the PDF libraries counts: a cold isolate pays it on its first invoice.
  const { invoicePdf } = await import('../_shared/invoices/invoice-pdf.ts');
  await invoicePdf(SAMPLE_INVOICE);
  const coldMs = cpuMs(cold);
  const warm: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = process.cpuUsage();
    await invoicePdf(SAMPLE_INVOICE);
    warm.push(cpuMs(start));
  }
  warm.sort((a, b) => a - b);
  console.log(JSON.stringify({ coldMs, warmMedianMs: warm[Math.floor(warm.length / 2)] }));
}
