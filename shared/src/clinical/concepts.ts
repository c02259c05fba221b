/**
 * The clinical problems the summary's red flags point at, named from published guidance rather than
 * from any rule: a rule declares which concept it raises, and the vignette corpus states which
 * concepts a presentation must (and must not) raise. Keeping the two vocabularies apart is what lets
 * the corpus be written by someone who has never read the rules.
 *
 * Urgency follows the NHS triage dispositions a clinician acts on: emergency now (999 / A&E),
 * same-day assessment, an urgent suspected-cancer referral (NICE NG12), or routine review.
 */
export const FLAG_URGENCIES = ['emergency', 'same-day', 'urgent-cancer', 'routine'] as const;
export type FlagUrgency = (typeof FLAG_URGENCIES)[number];

/** Most urgent first; a smaller rank is more urgent. */
export function urgencyRank(urgency: FlagUrgency): number {
  return FLAG_URGENCIES.indexOf(urgency);
}

/**
 * Every concept a flag may carry, with the guidance that defines it. The list is closed: a rule
 * that needs a new concept adds it here, with its source.
 */
export const FLAG_CONCEPTS = {
  'cardiac-chest-pain': 'Possible acute coronary syndrome or aortic dissection (NICE CG95, NG185)',
  'pulmonary-embolism': 'Possible pulmonary embolism (NICE NG158)',
  'stroke-tia': 'Possible stroke or TIA (NICE NG128: FAST, sudden focal deficit)',
  'subarachnoid-haemorrhage': 'Possible subarachnoid haemorrhage (NICE NG228: thunderclap headache)',
  meningitis: 'Possible bacterial meningitis or meningococcal disease (NICE NG240)',
  sepsis: 'Possible sepsis (NICE NG51 high- or moderate-risk criteria)',
  'neutropenic-sepsis': 'Possible neutropenic sepsis: fever during or after chemotherapy (NICE CG151)',
  anaphylaxis: 'Possible anaphylaxis (Resuscitation Council UK 2021)',
  'respiratory-distress': 'Severe breathlessness, acute severe asthma or cyanosis (BTS/SIGN 158, NG51)',
  'heart-failure': 'Possible heart failure (NICE NG106: breathlessness, orthopnoea, ankle swelling)',
  'cardiac-syncope':
    'Syncope with cardiac features (NICE CG109: on exertion, with palpitations or chest pain)',
  'suicide-risk': 'Suicidal thoughts, plans or self-harm (NICE NG225, CG16)',
  'gi-bleeding': 'Upper or lower gastrointestinal bleeding (NICE CG141)',
  'serious-bleeding':
    'Bleeding that needs same-day care, including on anticoagulants (NICE CKS anticoagulation)',
  'ectopic-pregnancy': 'Possible ectopic pregnancy (NICE NG126)',
  'pre-eclampsia':
    'Possible pre-eclampsia (NICE NG133: headache, visual disturbance, swelling after 20 weeks)',
  'pregnancy-bleeding': 'Bleeding or pain in pregnancy needing same-day review (NICE NG126, NG201)',
  'diabetic-ketoacidosis': 'Possible diabetic ketoacidosis or severe hyperglycaemia (NICE NG17, NG28)',
  hypoglycaemia: 'Possible hypoglycaemia on insulin or sulfonylureas (NICE NG17, NG28)',
  'new-diabetes': 'Possible new diabetes: thirst, polyuria, weight loss (NICE NG17, NG28)',
  'cauda-equina': 'Possible cauda equina syndrome (NICE CKS sciatica, NG59)',
  'spinal-cord-compression': 'Possible metastatic spinal cord compression or spinal infection (NICE NG234)',
  'acute-abdomen': 'Possible surgical abdomen: severe pain with fever, rigidity or vomiting (NICE CKS)',
  'giant-cell-arteritis': 'Possible giant cell arteritis (BSR 2020; NICE CKS)',
  'sight-threatening-eye': 'Red painful eye with reduced vision or photophobia (NICE CKS red eye)',
  'septic-arthritis': 'Hot swollen joint with fever: possible septic arthritis (BSR/BOA; NICE CKS)',
  'imported-fever':
    'Fever after travel abroad: possible malaria or other imported infection (UKHSA, NICE CKS malaria)',
  'post-operative-complication':
    'Fever, wound or breathlessness problems after recent surgery (NICE NG125, NG89)',
  'hypertensive-emergency': 'Very high blood pressure with symptoms (NICE NG136)',
  'suspected-cancer': 'Symptoms that meet a suspected-cancer referral threshold (NICE NG12)',
  'raised-intracranial-pressure':
    'Headache with features of raised pressure or a brain tumour (NICE NG12, CKS headache)',
  'deep-vein-thrombosis': 'Possible deep vein thrombosis: one swollen, painful leg (NICE NG158 1.1)',
  'airway-compromise':
    'Possible epiglottitis or quinsy: unable to swallow saliva or open the mouth (NICE NG84 1.1.1)',
  'suspected-seizure':
    'Loss of consciousness with features of an epileptic seizure (NICE CG109 1.1.4, NG217)',
  'severe-dehydration': 'Unable to keep fluids down or passing little urine (NICE CG84, NG51 1.3)',
  'sudden-hearing-loss': 'Sudden sensorineural hearing loss within 3 days (NICE NG98 1.1.1)',
  'testicular-torsion': 'Sudden testicular pain: possible torsion (NICE CKS scrotal pain and swelling)',
} as const;
export type FlagConcept = keyof typeof FLAG_CONCEPTS;
export const FLAG_CONCEPT_IDS = Object.keys(FLAG_CONCEPTS) as FlagConcept[];
