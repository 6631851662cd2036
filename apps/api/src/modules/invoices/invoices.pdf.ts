import type { Invoice } from '@dealer/shared';
import { formatCents, formatQuantity } from './invoices.money';

export interface PdfHeader {
  /** The dealership's name, address and phone at the top of every document. */
  dealership: string;
  address: string;
  phone: string;
}

const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { description: LEFT, quantity: 330, unit: 390, amount: 465 } as const;

/**
 * The document as a PDF (pdfkit, its standard Helvetica: no font files to ship): dealership, number,
 * date, customer, vehicle, lines, subtotal, tax, total, then payments and balance for an invoice, or
 * the corrected invoice and reason for a credit note. pdfkit buffers what it writes, and the whole
 * document is read back once it ends. pdfkit (with its font and image code, about 28 MiB) is loaded on
 * the first PDF, not at start: most processes never render one.
 */
export async function renderInvoicePdf(invoice: Invoice, header: PdfHeader): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const title = invoice.kind === 'Invoice' ? 'Invoice' : 'Credit note';
  const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: `${title} ${invoice.number}`, Author: header.dealership } });

  doc.font('Helvetica-Bold').fontSize(18).text(header.dealership, LEFT, 50);
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(header.address).text(header.phone);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(`${title} ${invoice.number}`, LEFT, 110);
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Date', invoice.issuedOn],
    ['Customer', invoice.customer.name],
    ...(invoice.customer.email ? ([['E-mail', invoice.customer.email]] as [string, string][]) : []),
    ['Vehicle', invoice.vehicleRegistration],
    ['Service', invoice.maintenanceType],
    ...(invoice.creditsInvoice ? ([['Corrects invoice', invoice.creditsInvoice.number]] as [string, string][]) : []),
    ...(invoice.reason ? ([['Reason', invoice.reason]] as [string, string][]) : []),
  ];
  let y = 140;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}:`, LEFT, y, { width: 110 });
    doc.font('Helvetica').text(value, LEFT + 110, y, { width: RIGHT - LEFT - 110 });
    y = Math.max(doc.y, y + 14) + 2;
  }

  y += 14;
  doc.font('Helvetica-Bold');
  row(doc, y, 'Description', 'Qty', 'Unit price', 'Amount');
  y += 16;
  doc.moveTo(LEFT, y - 3).lineTo(RIGHT, y - 3).strokeColor('#999999').stroke();
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    if (y > 740) {
      doc.addPage();
      y = 50;
    }
    row(doc, y, `${line.kind}: ${line.description}`, formatQuantity(line.quantityHundredths), formatCents(line.unitPriceCents), formatCents(line.amountCents));
    y = Math.max(doc.y, y + 14) + 4;
  }
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor('#999999').stroke();
  y += 8;

  const totals: [string, string][] = [
    ['Subtotal', formatCents(invoice.subtotalCents)],
    [`Tax (${formatRate(invoice.taxRateBasisPoints)})`, formatCents(invoice.taxCents)],
    ['Total', formatCents(invoice.totalCents)],
  ];
  if (invoice.kind === 'Invoice') {
    for (const note of invoice.creditNotes) totals.push([`Credit note ${note.number}`, formatCents(note.totalCents)]);
    for (const payment of invoice.payments) totals.push([`Payment ${payment.paidOn} (${payment.method})`, formatCents(-payment.amountCents)]);
    totals.push(['Balance', formatCents(invoice.balanceCents)]);
  }
  for (const [label, value] of totals) {
    const strong = label === 'Total' || label === 'Balance';
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 300, y, { width: 160, align: 'right' });
    doc.text(value, COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
    y += 16;
  }

  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function row(doc: PDFKit.PDFDocument, y: number, description: string, quantity: string, unit: string, amount: string) {
  doc.text(description, COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
  const after = doc.y;
  doc.text(quantity, COLUMNS.quantity, y, { width: 50, align: 'right' });
  doc.text(unit, COLUMNS.unit, y, { width: 70, align: 'right' });
  doc.text(amount, COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: 'right' });
  doc.y = after;
}

/** 825 basis points -> "8.25%". */
const formatRate = (basisPoints: number) => {
  const rest = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return `${Math.trunc(basisPoints / 100)}${rest ? `.${rest}` : ''}%`;
};
