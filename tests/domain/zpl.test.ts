import { describe, expect, it } from 'vitest';
import { buildLabelZpl, isAllowedZpl, ZPL_MAX_LENGTH } from '../../src/domain/zpl';
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
        '^FO40,30^FDBeet 2025^FS' +
        '^FO40,80^FDLane 2^FS' +
        '^BY3^FO40,130^BEN,100,Y,N^FD400638133393^FS' +
        '^FO40,280^FDLab-01^FS' +
        '^XZ',
    );
    expect(isAllowedZpl(zpl)).toBe(true);
  });

  it('prints a row beyond ASCII in UTF-8 (^CI28), twelve characters long (issue 27)', () => {
    const zpl = buildLabelZpl({ ...EMPTY_LABEL, first: 'Rübe-Probe 1', footer: 'Ru\u0308be' });
    expect(zpl).toBe('^XA^CI28^CF0,40^FO40,30^FDRübe-Probe 1^FS^FO40,280^FDRübe^FS^XZ');
    expect(isAllowedZpl(zpl)).toBe(true);
    expect(isAllowedZpl('^XA^CI28^FO40,30^FDRübe-Probe 12^FS^XZ')).toBe(false);
  });

  it('switches to UTF-8 when any one row is beyond ASCII', () => {
    const zpl = buildLabelZpl({ first: 'Lane 2', second: 'Rübe', barcode: '400638133393 1', footer: '' });
    expect(zpl).toBe(
      '^XA^CI28^CF0,40^FO40,30^FDLane 2^FS^FO40,80^FDRübe^FS^BY3^FO40,130^BEN,100,Y,N^FD400638133393^FS^XZ',
    );
    expect(isAllowedZpl(zpl)).toBe(true);
  });

  it('takes a barcode of spaces for an empty one', () => {
    expect(buildLabelZpl({ ...EMPTY_LABEL, first: 'a', barcode: '   ' })).toBe(
      '^XA^CF0,40^FO40,30^FDa^FS^XZ',
    );
  });

  it('leaves out empty fields', () => {
    const zpl = buildLabelZpl({ ...EMPTY_LABEL, barcode: '4006381333931' });
    expect(zpl).toBe('^XA^CF0,40^BY3^FO40,130^BEN,100,Y,N^FD400638133393^FS^XZ');
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
