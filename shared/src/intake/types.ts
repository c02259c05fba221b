/** Shapes of the intake question bank and the answers it collects. */

export type QuestionType = 'text' | 'textarea' | 'select' | 'multiselect' | 'number' | 'dob' | 'heightWeight';

/**
 * Groups named by the filtering rules (docs/product.md#intake-branching): a returning patient choosing a
 * follow-up loses whole groups, so each question says which group it belongs to.
 */
export type QuestionGroup =
  | 'name'
  | 'gender'
  | 'dob'
  | 'body'
  | 'visitType'
  | 'allergies'
  | 'chronic'
  | 'medication'
  | 'surgery'
  | 'smoking'
  | 'alcohol'
  | 'children'
  /** Asked at every visit, first visits and follow-ups alike: pregnancy and recent travel. */
  | 'context'
  | 'symptoms';

export interface Question {
  /** The field of the intake record the answer is stored under. */
  field: string;
  type: QuestionType;
  label: string;
  /** Extra guidance shown under the label. */
  hint?: string;
  options?: readonly string[];
  /** Optional questions may be left empty. */
  optional?: boolean;
  /** Multiselect: at least this many choices. */
  minSelections?: number;
  /** The step offers a file upload, stored as `<field>_document`. */
  upload?: boolean;
  /** Main questions only. */
  group?: QuestionGroup;
  /** Shown only when this holds for the answers so far (e.g. surgery details when pastSurgeries is Yes). */
  showIf?: (answers: IntakeAnswers, today: Date) => boolean;
}

export interface HeightWeight {
  heightFeet: number;
  heightInches: number;
  /** Kilograms. */
  weight: number;
}

export type AnswerValue = string | number | string[] | HeightWeight;

/** The intake record as the form collects it: field → answer. */
export type IntakeAnswers = Record<string, AnswerValue | undefined>;

/** A topic (chronic condition or symptom) and its follow-up questions. */
export interface FollowUpTopic {
  /** The option that triggers the follow-ups, e.g. 'Diabetes' or 'Chest Pain'. */
  topic: string;
  /** camelCase prefix of every field, e.g. 'chestPain'. */
  prefix: string;
  questions: Question[];
}
