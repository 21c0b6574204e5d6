// A landscape A4 table as PDF (pdfkit), for the Analysis and Samples PDF buttons and, later, the
// boxes and reports pages: a header block (title, subtitle lines such as the filter, the creation
// date), the column headers repeated on every page, one text line per row (cut with an ellipsis,
// never wrapped, so every page holds the same number of rows) and 'Page n of m' in the footer.
// Callers cap the rows (PDF_ROW_CAP): a PDF is for reading, a CSV/XLSX for big data.
// pdfkit (with its fonts, ~15 MB resident) is loaded at the first PDF, not at the server's start.

export interface PdfColumn {
  header: string;
  /** Relative width (shares of the page width). */
  width?: number;
  align?: 'left' | 'right';
}

export interface PdfTable {
  title: string;
  /** Lines under the title (filter text, campaign, date). */
  subtitle?: string | readonly string[];
  columns: readonly PdfColumn[];
  /** Cell texts, already formatted; null shows empty. */
  rows: readonly (readonly (string | null)[])[];
  /** Document metadata author. */
  author?: string;
}

export const PDF_ROW_CAP = 5000;

const MARGIN = 28;
const FONT_SIZE = 7;
const ROW_HEIGHT = 10.5;
const PAD = 2;

/** Renders the table; resolves with the whole file (bounded by the caller's row cap). */
export const renderPdfTable = async (table: PdfTable): Promise<Buffer> => {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise<Buffer>((resolve, reject) => {
    // bufferPages: the page count is known only at the end, when 'Page n of m' is written.
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: table.title, Author: table.author ?? 'labdesk', Creator: 'labdesk' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc, table);
      doc.end();
    } catch (err) {
      reject(err as Error);
    }
  });
};

const draw = (doc: PDFKit.PDFDocument, table: PdfTable): void => {
  const pageWidth = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 14;
  const weights = table.columns.map((c) => c.width ?? 1);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const widths = weights.map((w) => (w / total) * pageWidth);
  const xs = widths.map((_w, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));

  const cell = (text: string, i: number, y: number) => {
    doc.text(text, xs[i]! + PAD, y + 2, {
      width: widths[i]! - 2 * PAD,
      height: ROW_HEIGHT,
      lineBreak: false,
      ellipsis: true,
      align: table.columns[i]!.align ?? 'left',
    });
  };

  const headerRow = (y: number): number => {
    doc
      .rect(MARGIN, y, pageWidth, ROW_HEIGHT + 1)
      .fill('#e6e6e6')
      .fillColor('#000');
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    table.columns.forEach((c, i) => cell(c.header, i, y));
    doc.font('Helvetica');
    return y + ROW_HEIGHT + 1;
  };

  doc.font('Helvetica-Bold').fontSize(13).text(table.title, MARGIN, MARGIN, { lineBreak: false });
  doc.font('Helvetica').fontSize(8);
  let y = MARGIN + 18;
  const subtitle = typeof table.subtitle === 'string' ? [table.subtitle] : (table.subtitle ?? []);
  for (const line of subtitle) {
    doc.text(line, MARGIN, y, { width: pageWidth, lineBreak: false, ellipsis: true });
    y += 11;
  }
  y = headerRow(y + 4);
  doc.fontSize(FONT_SIZE);
  table.rows.forEach((row, r) => {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = headerRow(MARGIN);
      doc.fontSize(FONT_SIZE);
    }
    if (r % 2 === 1) doc.rect(MARGIN, y, pageWidth, ROW_HEIGHT).fill('#f5f5f5').fillColor('#000');
    row.forEach((text, i) => {
      if (text !== null && text !== '' && i < widths.length) cell(text, i, y);
    });
    y += ROW_HEIGHT;
  });
  if (table.rows.length === 0) doc.text('No data available', MARGIN, y + 4, { lineBreak: false });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Text below the bottom margin would make pdfkit open a new page.
    doc.page.margins.bottom = 0;
    doc.fontSize(7).text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN - 8, {
      width: pageWidth,
      align: 'right',
      lineBreak: false,
    });
  }
};
