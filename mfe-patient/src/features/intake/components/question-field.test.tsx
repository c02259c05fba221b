import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { ALL_QUESTIONS, type AnswerValue } from '@medora/shared/intake';
import { QuestionField } from './question-field';

const question = (field: string) => ALL_QUESTIONS.find((q) => q.field === field)!;

function renderField(field: string, value: AnswerValue | undefined, sex?: string) {
  return render(
    <QuestionField
      question={question(field)}
      value={value}
      onChange={() => undefined}
      headingRef={createRef<HTMLHeadingElement>()}
      errorId="err"
      hasError={false}
      today={new Date(2026, 10, 21)}
      sex={sex}
    />,
  );
}

describe('QuestionField', () => {
  it('offers a male patient no menstrual bleeding option, and a female patient no testicle', () => {
    renderField('bleedingSite', [], 'Male');
    expect(screen.queryByRole('checkbox', { name: 'Vaginal, outside normal periods' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Nose' })).toBeTruthy();
  });

  it('offers every option when the sex is Other', () => {
    renderField('bleedingSite', [], 'Other');
    expect(screen.getByRole('checkbox', { name: 'Vaginal, outside normal periods' })).toBeTruthy();
  });

  it('offers a female patient no testicle location', () => {
    renderField('lumpLocation', undefined, 'Female');
    expect(screen.queryByRole('radio', { name: 'Testicle' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Breast' })).toBeTruthy();
  });

  it('shows no BMI for a height or weight out of range, and the BMI for a valid one', () => {
    const { rerender } = renderField('heightWeight', { heightFeet: 9, heightInches: 12, weight: 501 });
    expect(screen.queryByText(/^BMI /)).toBeNull();
    rerender(
      <QuestionField
        question={question('heightWeight')}
        value={{ heightFeet: 5, heightInches: 9, weight: 80 }}
        onChange={() => undefined}
        headingRef={createRef<HTMLHeadingElement>()}
        errorId="err"
        hasError={false}
        today={new Date(2026, 10, 21)}
      />,
    );
    expect(screen.getByText('BMI 26.0 (Overweight)')).toBeTruthy();
  });
});
