// The resource table (src/domain/resources): what each resource declares, judged by what a user
// reads and is offered (docs/dev/product-rules.md#messages, #screens, #behaviour, #constants): how a
// failed create names the record, how an empty table counts what it hides, which exports and
// whether a selection the page offers, and where 'Show history' of a row leads.
import { describe, expect, it } from 'vitest';
import { hiddenOutsideCampaign, notCreated } from '../../src/domain/messages';
import { RESOURCES, resourceOf } from '../../src/domain/resources';

describe('how messages name and count each resource', () => {
  it.each([
    ['analysis', { aId: 17 }, 'Error occurred, aId#17 was not created!', '1 analysis', '2 analyses'],
    [
      'samples',
      { sId: '4006381333931', sStamp: '2026-10-01 07:00:00' },
      'Error occurred, sId#4006381333931|2026-10-01 07:00:00 was not created!',
      '1 sample',
      '2 samples',
    ],
    ['boxes', { bId: 4 }, 'Error occurred, bId#4 was not created!', '1 box', '2 boxes'],
    ['screens', { name: '301' }, 'Error occurred, scrId#301 was not created!', '1 screen', '2 screens'],
  ] as const)('%s', (name, draft, failed, one, many) => {
    const r = resourceOf(name);
    expect(r.name).toBe(name);
    expect(notCreated(r.recordKey, r.draftLabel(draft))).toBe(failed);
    expect(hiddenOutsideCampaign(r.rowNoun, 1)).toBe(`${one} outside the campaign`);
    expect(hiddenOutsideCampaign(r.rowNoun, 2)).toBe(`${many} outside the campaign`);
  });

  it('a draft without its key is named by what it has', () => {
    expect(resourceOf('analysis').draftLabel({})).toBe('');
    expect(resourceOf('samples').draftLabel({})).toBe('|');
    expect(resourceOf('boxes').draftLabel({})).toBe('');
    expect(resourceOf('screens').draftLabel({})).toBe('');
  });
});

describe('what each resource offers', () => {
  it.each([
    // name, file exports through the jobs, SAP/ZFT, selection, snackbar kept while errors exist, audit entity
    ['analysis', true, true, true, true, 'analysis'],
    ['samples', true, false, true, true, 'sample'],
    ['boxes', false, false, false, false, 'box'],
    ['screens', false, false, false, false, 'screen'],
  ] as const)('%s', (name, fileExports, flaggingExports, selection, persistent, audit) => {
    const r = resourceOf(name);
    expect({
      fileExports: r.fileExports,
      flaggingExports: r.flaggingExports,
      selection: r.selection,
      persistentNotifications: r.persistentNotifications,
      auditEntity: r.auditEntity,
    }).toEqual({
      fileExports,
      flaggingExports,
      selection,
      persistentNotifications: persistent,
      auditEntity: audit,
    });
  });

  it('registers each resource under its own name, with its own columns', () => {
    expect(Object.keys(RESOURCES)).toEqual(['analysis', 'samples', 'boxes', 'screens']);
    for (const [name, r] of Object.entries(RESOURCES)) {
      expect(r.name).toBe(name);
      expect(r.registry.fields.length).toBeGreaterThan(0);
    }
    expect(new Set(Object.values(RESOURCES).map((r) => r.registry)).size).toBe(4);
  });
});
