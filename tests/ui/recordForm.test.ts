// The row edit's texts ↔ JSON mapping, derived from the column registries (no per-field code in the
// resources): a record's form texts, and the texts back as the write body with numbers, nulls for
// empty texts, '' for keys and flags, and the canonical key's nesting (Analysis' sample.sampleId).
import { describe, expect, it } from 'vitest';
import { ANALYSIS_REGISTRY } from '../../src/domain/columns/analysis';
import { SAMPLES_REGISTRY } from '../../src/domain/columns/samples';
import type { Analysis, AnalysisWrite } from '../../src/domain/entities/analysis';
import type { Sample, SampleWrite } from '../../src/domain/entities/sample';
import { newAnalysisTemplate, newSampleTemplate } from '../../src/domain/entities/templates';
import { recordForm } from '../../src/ui/components/RowEdit/fields';

const analysisForm = recordForm<Analysis, AnalysisWrite>(ANALYSIS_REGISTRY, ['sId', 'sStamp']);
const sampleForm = recordForm<Sample, SampleWrite>(SAMPLES_REGISTRY, ['sId', 'sStamp']);

describe('recordForm', () => {
  it('lists the key fields first, then every editable field of the registry', () => {
    expect(analysisForm.fields.slice(0, 2)).toEqual([
      { id: 'sId', label: 'SampleID', kind: 'text', key: true },
      { id: 'sStamp', label: 'SampleTime', kind: 'datetime', key: true },
    ]);
    const editable = ANALYSIS_REGISTRY.fields.filter((f) => f.editable).map((f) => f.id);
    expect(analysisForm.fields.slice(2).map((f) => f.id)).toEqual(
      editable.filter((id) => id !== 'sId' && id !== 'sStamp'),
    );
    expect(analysisForm.fields.map((f) => f.id)).not.toContain('name');
  });

  it('turns an analysis template into texts and back into the same write', () => {
    const template = newAnalysisTemplate();
    const texts = analysisForm.texts(template);
    expect(texts).toMatchObject({
      sId: template.sample.sampleId.sId,
      aFlags: template.aFlags,
      pol: '',
      lane: '',
    });
    expect(analysisForm.body(texts)).toEqual(template);
  });

  it('converts edited texts: numbers, empty to null, empty flags to an empty text, the key nested', () => {
    const texts = {
      ...analysisForm.texts(newAnalysisTemplate()),
      pol: '17.25',
      lane: '2',
      comment: ' ',
      aFlags: '',
    };
    const body = analysisForm.body(texts);
    expect(body.pol).toBe(17.25);
    expect(body.lane).toBe(2);
    expect(body.comment).toBeNull();
    expect(body.aFlags).toBe('');
    expect(body.sample).toEqual({ sampleId: { sId: texts.sId, sStamp: texts.sStamp } });
  });

  it('leaves a text that is no number as it is, for the server to name it', () => {
    const body = analysisForm.body({ ...analysisForm.texts(newAnalysisTemplate()), nat: '1,2,3' });
    expect(body.nat).toBe('1,2,3');
  });

  it('maps a sample the same way, with its own key path and no composite ID', () => {
    const template = newSampleTemplate();
    const { ID: _id, ...write } = template;
    const texts = sampleForm.texts(template);
    expect(texts.weightNet).toBe('0');
    expect(sampleForm.body(texts)).toEqual(write);
    expect(sampleForm.body({ ...texts, sFlags: '', name: '' })).toMatchObject({ sFlags: '', name: null });
  });
});
