// Equivalent mutants left by StrykerJS (docs/dev/mutation-scores.md): the barcode's white space
// replaced by another string instead of removed (a barcode that passed labelErrors has its one space
// after the twelfth digit, so the first twelve characters are the same); `e.kind === 'text'` made
// true in the UTF-8 test (a barcode element has no text value, and String(undefined) is ASCII).
import { describe, expect, it } from 'vitest';
import { buildLabelZpl, isAllowedZpl, LABEL_SIZE, labelLayout, ZPL_MAX_LENGTH } from '../../src/domain/zpl';
import { EMPTY_LABEL } from '../../src/domain/rules/label';

describe('ZPL label', () => {
  it('places the four fields at fixed positions', () => {
    const zpl = buildLabelZpl({
      first: 'Beet 2025',
      second: 'Lane 2',
      barcode: '400638133393 1',
      footer: 'Lab-01',
    });
    expect(zpl).toBe(
      '^XA^CF0,40' +
        '^FO40,16^FDBeet 2025^FS' +
        '^FO40,62^FDLane 2^FS' +
        '^BY3^FO40,108^BEN,90,Y,N^FD400638133393^FS' +
        '^FO40,240^FDLab-01^FS' +
        '^XZ',
    );
    expect(isAllowedZpl(zpl)).toBe(true);
  });

  it('fits a full label on the 2 × 1.5 inch stock at 203 dpi, nothing overlapping', () => {
    expect(LABEL_SIZE).toEqual({ width: 406, height: 304 });
    // ^BE prints its interpretation line under the bars: about 30 dots high at ^BY3.
    const interpretationLine = 30;
    const spans = labelLayout({ first: 'Beet 2025', second: 'Lane 2', barcode: '400638133393', footer: 'Lab-01' }).map((e) =>
      e.kind === 'text'
        ? { top: e.y, bottom: e.y + e.height, right: e.x + e.value.length * e.height }
        : { top: e.y, bottom: e.y + e.height + interpretationLine, right: e.x + 95 * e.moduleWidth },
    );
    expect(spans).toHaveLength(4);
    expect(spans[0]!.top).toBeGreaterThan(0);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.top).toBeGreaterThanOrEqual(spans[i - 1]!.bottom);
    expect(spans.at(-1)!.bottom).toBeLessThanOrEqual(LABEL_SIZE.height);
    // The barcode (95 modules) fits the width.
    expect(spans[2]!.right).toBeLessThanOrEqual(LABEL_SIZE.width);
  });

  it('prints a row beyond ASCII in UTF-8 (^CI28), twelve characters long (issue 27)', () => {
    const zpl = buildLabelZpl({ ...EMPTY_LABEL, first: 'Rübe-Probe 1', footer: 'Ru\u0308be' });
    expect(zpl).toBe('^XA^CI28^CF0,40^FO40,16^FDRübe-Probe 1^FS^FO40,240^FDRübe^FS^XZ');
    expect(isAllowedZpl(zpl)).toBe(true);
    expect(isAllowedZpl('^XA^CI28^FO40,30^FDRübe-Probe 12^FS^XZ')).toBe(false);
  });

  it('switches to UTF-8 when any one row is beyond ASCII', () => {
    const zpl = buildLabelZpl({ first: 'Lane 2', second: 'Rübe', barcode: '400638133393 1', footer: '' });
    expect(zpl).toBe(
      '^XA^CI28^CF0,40^FO40,16^FDLane 2^FS^FO40,62^FDRübe^FS^BY3^FO40,108^BEN,90,Y,N^FD400638133393^FS^XZ',
    );
    expect(isAllowedZpl(zpl)).toBe(true);
  });

  it('takes a barcode of spaces for an empty one', () => {
    expect(buildLabelZpl({ ...EMPTY_LABEL, first: 'a', barcode: '   ' })).toBe(
      '^XA^CF0,40^FO40,16^FDa^FS^XZ',
    );
  });

  it('leaves out empty fields', () => {
    const zpl = buildLabelZpl({ ...EMPTY_LABEL, barcode: '4006381333931' });
    expect(zpl).toBe('^XA^CF0,40^BY3^FO40,108^BEN,90,Y,N^FD400638133393^FS^XZ');
    expect(isAllowedZpl(zpl)).toBe(true);
    expect(isAllowedZpl(buildLabelZpl({ ...EMPTY_LABEL, footer: 'x' }))).toBe(true);
  });

  it.each([
    '',
    '^XA',
    '^XZ',
    '^XA^FO40,30^FDok^FS',
    '^XA^JUS^XZ',
    '~JA^XA^XZ',
    '^XA^FO40,30^FDthirteen char^FS^XZ',
    '^XA^FO40,30^FDa^FS^XZ^XA^XZ',
    '^XA^FO40,30^FDa~b^FS^XZ',
    '^XA^FO40,130^BEN,100,Y,N^FD40063813339^FS^XZ',
    '^XA^FO40,30^FDa\n^FS^XZ',
    '^XA' + '^FO40,30^FDaaaaaaaaaaaa^FS'.repeat(40) + '^XZ',
  ])('refuses %j', (zpl) => expect(isAllowedZpl(zpl)).toBe(false));

  it('takes at most 512 characters (docs/labels.md)', () => {
    expect(ZPL_MAX_LENGTH).toBe(512);
    const fields = '^FO40,30^FDaaaaaaaaaaaa^FS'.repeat(18) + '^FO40,30^FDaaaaaaaaaaa^FS';
    const at512 = `^XA${fields}^FO4,3^FDa^FS^XZ`;
    expect(at512).toHaveLength(512);
    expect(isAllowedZpl(at512)).toBe(true);
    expect(isAllowedZpl(`^XA${fields}^FO40,3^FDa^FS^XZ`)).toBe(false);
  });
});
