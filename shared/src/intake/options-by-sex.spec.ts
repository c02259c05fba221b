import { ALL_QUESTIONS, SEX_SPECIFIC_OPTIONS, optionsFor } from './content.js';
import { pruneAnswers, toggleOption } from './engine.js';

const TODAY = new Date(2026, 10, 21);

describe('options by sex', () => {
  const field = (f: string) => ALL_QUESTIONS.find((x) => x.field === f)!;

  it('offers menstrual and pregnancy options only to a female or unspecified patient', () => {
    expect(optionsFor(field('bleedingSite'), { gender: 'Male' })).not.toContain(
      'Vaginal, outside normal periods',
    );
    expect(optionsFor(field('headacheTriggers'), { gender: 'Male' })).not.toContain('Menstrual cycle');
    expect(optionsFor(field('bleedingSite'), { gender: 'Female' })).toContain(
      'Vaginal, outside normal periods',
    );
    expect(optionsFor(field('bleedingSite'), { gender: 'Other' })).toContain(
      'Vaginal, outside normal periods',
    );
    expect(optionsFor(field('lumpLocation'), { gender: 'Female' })).not.toContain('Testicle');
    expect(optionsFor(field('lumpLocation'), { gender: 'Male' })).toContain('Testicle');
  });

  it('names only options that exist in the question bank', () => {
    const all = new Set(ALL_QUESTIONS.flatMap((x) => x.options ?? []));
    expect(Object.keys(SEX_SPECIFIC_OPTIONS).filter((o) => !all.has(o))).toEqual([]);
  });

  it('drops options of the other sex when the gender answer changed', () => {
    const out = pruneAnswers(
      {
        gender: 'Male',
        symptoms: ['Headache'],
        headacheTriggers: ['Stress', 'Menstrual cycle'],
      },
      TODAY,
    );
    expect(out.headacheTriggers).toEqual(['Stress']);
  });
});

describe('question bank fixes', () => {
  const field = (f: string) => ALL_QUESTIONS.find((x) => x.field === f)!;

  it("offers 'None' for asthma medicines, exclusive of the others", () => {
    expect(field('asthmaMeds').options).toContain('None');
    expect(toggleOption(['Montelukast'], 'None')).toEqual(['None']);
    expect(toggleOption(['Aspirin'], 'No medication')).toEqual(['No medication']);
  });

  it("offers 'Not at all' on both depression screening questions (PHQ-2)", () => {
    expect(field('depressionFrequency').options?.[0]).toBe('Not at all');
    expect(field('depressionInterest').options?.[0]).toBe('Not at all');
  });
});
