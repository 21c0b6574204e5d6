// Reads the text lines back out of a PDF that pdfkit wrote with its standard fonts: checks the file's
// frame (header, cross-reference table, trailer, end marker), inflates every content stream and
// decodes its text-showing operators (hex strings in TJ arrays). Enough to prove that a report PDF
// parses and holds exactly the report's lines, without a PDF library.
import { inflateSync } from 'node:zlib';

/** The WinAnsi codes of the standard fonts that differ from Latin-1 (PDF 32000 Annex D), as used here. */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };
const winAnsi = (bytes: Buffer): string => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

export const pdfTextRuns = (file: Buffer): string[] => {
  const text = file.toString('latin1');
  if (!text.startsWith('%PDF-')) throw new Error('not a PDF: no %PDF- header');
  if (!/xref\s+\d+ \d+/.test(text) || !text.includes('trailer') || !text.trimEnd().endsWith('%%EOF'))
    throw new Error('not a complete PDF: cross-reference table, trailer or %%EOF missing');
  const runs: string[] = [];
  const streamRe = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(file.subarray(start, end)).toString('latin1');
    } catch {
      continue; // fonts and images that are not deflated text
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      runs.push(winAnsi(Buffer.from(hex, 'hex')));
    }
    streamRe.lastIndex = end;
  }
  return runs;
};
