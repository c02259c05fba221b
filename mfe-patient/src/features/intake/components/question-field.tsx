import { type ReactNode, type RefObject } from 'react';
import { MESSAGES, formatMessage, monthName } from '@medora/shared';
import {
  HEIGHT_FEET,
  HEIGHT_INCHES,
  IDEAL_BMI_RANGE,
  WEIGHT_KG,
  birthYears,
  bmiCategory,
  computeBmi,
  daysInMonth,
  formatDob,
  isHeightWeightValid,
  optionsFor,
  parseDob,
  toggleOption,
  type AnswerValue,
  type HeightWeight,
  type Question,
} from '@medora/shared/intake';
import common from '../../../components/patient.module.css';
import css from './intake.module.css';

const MONTHS = Array.from({ length: 12 }, (_, i) => monthName(i + 1));

interface FieldProps {
  question: Question;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Id of the inline error, referenced by aria-describedby. */
  errorId: string;
  hasError: boolean;
  today: Date;
  /** Extra content above the heading, e.g. the follow-up's topic. */
  eyebrow?: ReactNode;
  /** The patient's answer to 'gender': options of the other sex are not offered. */
  sex?: unknown;
}

const idFor = (field: string, suffix = '') => `intake-${field}${suffix}`;

/** The question's hint under its heading, referenced by the input's aria-describedby. */
function Hint({ question }: { question: Question }) {
  if (!question.hint) return null;
  return (
    <p className={`md-muted ${common.hint}`} id={idFor(question.field, '-hint')}>
      {question.hint}
    </p>
  );
}

const num = (v: string) => (v === '' ? undefined : Number(v));

/** One of the date-of-birth selects; '—' is no choice yet. */
function DobSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | undefined;
  options: { value: number; label: string | number }[];
  onChange: (value: number | undefined) => void;
}) {
  return (
    <label className={css.small}>
      <span>{label}</span>
      <select value={value ?? ''} onChange={(e) => onChange(num(e.target.value))}>
        <option value="">{MESSAGES.noValue}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Heading({
  question,
  headingRef,
  htmlFor,
}: Pick<FieldProps, 'question' | 'headingRef'> & { htmlFor?: string }) {
  return (
    <h2 className={css.question} data-testid="intake-question" ref={headingRef} tabIndex={-1}>
      {htmlFor ? <label htmlFor={htmlFor}>{question.label}</label> : question.label}
    </h2>
  );
}

/** A question answered with several inputs: its heading (and topic) is the fieldset's legend. */
function QuestionFieldset({
  question,
  headingRef,
  eyebrow,
  describedBy,
  invalid = false,
  children,
}: Pick<FieldProps, 'question' | 'headingRef' | 'eyebrow'> & {
  describedBy?: string;
  invalid?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className={css.fieldset} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend>
        {eyebrow}
        <Heading question={question} headingRef={headingRef} />
      </legend>
      {children}
    </fieldset>
  );
}

/** One question's input, chosen by its type; options are native radios/checkboxes in a fieldset. */
export function QuestionField(props: FieldProps) {
  const { question, value, onChange, headingRef, errorId, hasError, eyebrow } = props;
  const describedBy =
    [question.hint ? idFor(question.field, '-hint') : '', hasError ? errorId : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const hint = <Hint question={question} />;

  if (question.type === 'select' || question.type === 'multiselect') {
    const multi = question.type === 'multiselect';
    const selected = multi ? (Array.isArray(value) ? value : []) : [];
    const options = optionsFor(question, { gender: typeof props.sex === 'string' ? props.sex : undefined });
    return (
      <QuestionFieldset {...props} describedBy={describedBy} invalid={hasError}>
        {hint}
        <div className={css.options} data-count={options.length}>
          {options.map((option) => {
            const checked = multi ? selected.includes(option) : value === option;
            return (
              <label key={option} className={css.option} data-checked={checked}>
                <input
                  type={multi ? 'checkbox' : 'radio'}
                  name={question.field}
                  value={option}
                  checked={checked}
                  onChange={() => onChange(multi ? toggleOption(selected, option) : option)}
                />
                <span>{option}</span>
              </label>
            );
          })}
        </div>
      </QuestionFieldset>
    );
  }

  if (question.type === 'dob') {
    return <DobField {...props} describedBy={describedBy} />;
  }

  if (question.type === 'heightWeight') {
    return <HeightWeightField {...props} describedBy={describedBy} />;
  }

  const inputId = idFor(question.field);
  const common = {
    id: inputId,
    'aria-describedby': describedBy,
    'aria-invalid': hasError || undefined,
  };
  return (
    <div className={css.fieldset}>
      {eyebrow}
      <Heading question={question} headingRef={headingRef} htmlFor={inputId} />
      {hint}
      {question.type === 'textarea' ? (
        <textarea
          {...common}
          rows={4}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : question.type === 'number' ? (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      ) : (
        <input
          {...common}
          type="text"
          autoComplete={question.field === 'name' ? 'name' : 'off'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </div>
  );
}

/** Year (1900 to this year), month and day selects; the days follow the month and leap years. */
function DobField({
  question,
  value,
  onChange,
  headingRef,
  today,
  describedBy,
  eyebrow,
}: FieldProps & { describedBy?: string }) {
  const parts = parseDob(value);
  // The answer is 'YYYY-MM-DD' once complete; until then the choices so far are kept as '<y>|<m>|<d>'
  // (never valid, so the step does nothing, and the draft keeps them across a reload).
  const partial =
    typeof value === 'string' && value.includes('|')
      ? value.split('|').map((n) => (n ? Number(n) : undefined))
      : undefined;
  const year = partial ? partial[0] : parts.year;
  const month = partial ? partial[1] : parts.month;
  const day = partial ? partial[2] : parts.day;
  const maxDay = month ? daysInMonth(month, year) : 31;

  const update = (y?: number, m?: number, d?: number) => {
    const clampedDay = d !== undefined && m !== undefined && d > daysInMonth(m, y) ? undefined : d;
    const full = formatDob({ year: y, month: m, day: clampedDay });
    onChange(full ?? `${y ?? ''}|${m ?? ''}|${clampedDay ?? ''}`);
  };
  return (
    <QuestionFieldset question={question} headingRef={headingRef} eyebrow={eyebrow} describedBy={describedBy}>
      <div className={css.row}>
        <DobSelect
          label={MESSAGES.dobYear}
          value={year}
          options={birthYears(today).map((y) => ({ value: y, label: y }))}
          onChange={(y) => update(y, month, day)}
        />
        <DobSelect
          label={MESSAGES.dobMonth}
          value={month}
          options={MONTHS.map((m, i) => ({ value: i + 1, label: m }))}
          onChange={(m) => update(year, m, day)}
        />
        <DobSelect
          label={MESSAGES.dobDay}
          value={day}
          options={Array.from({ length: maxDay }, (_, i) => ({ value: i + 1, label: i + 1 }))}
          onChange={(d) => update(year, month, d)}
        />
      </div>
      {!formatDob({ year, month, day }) && (
        <p className={`md-muted ${common.hint}`}>{MESSAGES.dobIncomplete}</p>
      )}
    </QuestionFieldset>
  );
}

/** Feet, inches and kilograms with the live BMI and its category. */
function HeightWeightField({
  question,
  value,
  onChange,
  headingRef,
  describedBy,
  hasError,
  eyebrow,
}: FieldProps & { describedBy?: string }) {
  const hw = (
    value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  ) as Partial<HeightWeight>;
  const set = (key: keyof HeightWeight, raw: string) =>
    onChange({ ...hw, [key]: raw === '' ? undefined : Number(raw) } as HeightWeight);
  // No BMI for a height or weight out of range (9 ft 12 in once showed BMI 10.7).
  const bmi = isHeightWeightValid(hw) ? computeBmi(hw.heightFeet!, hw.heightInches!, hw.weight!) : null;
  const input = (key: keyof HeightWeight, label: string, min: number, max: number, step: number) => (
    <label className={css.small}>
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={hw[key] ?? ''}
        aria-invalid={hasError || undefined}
        onChange={(e) => set(key, e.target.value)}
      />
    </label>
  );
  return (
    <QuestionFieldset question={question} headingRef={headingRef} eyebrow={eyebrow} describedBy={describedBy}>
      <Hint question={question} />
      <div className={css.row}>
        {input('heightFeet', MESSAGES.heightFeetLabel, HEIGHT_FEET.min, HEIGHT_FEET.max, 1)}
        {input('heightInches', MESSAGES.heightInchesLabel, HEIGHT_INCHES.min, HEIGHT_INCHES.max, 1)}
        {input('weight', MESSAGES.weightLabel, WEIGHT_KG.min, WEIGHT_KG.max, 0.1)}
      </div>
      <div className={css.bmi} aria-live="polite">
        {bmi !== null ? (
          <>
            <strong data-category={bmiCategory(bmi)}>
              {formatMessage('bmiLive', { bmi: bmi.toFixed(1), category: bmiCategory(bmi) })}
            </strong>
            <span className="md-muted">{formatMessage('bmiIdeal', { range: IDEAL_BMI_RANGE })}</span>
          </>
        ) : (
          <span className="md-muted">{formatMessage('bmiIdeal', { range: IDEAL_BMI_RANGE })}</span>
        )}
      </div>
    </QuestionFieldset>
  );
}
