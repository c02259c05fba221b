import type { IntakeAnswers } from '@medora/shared';

/**
 * The maintained lexicon of phrases the summary looks for in free text (the "Other" symptom, notes,
 * travel details, medicines and surgery text). Two kinds of term:
 *  - danger phrases (self-harm intent, cardiac chest pain, stroke, anaphylaxis, bleeding …) that raise
 *    a flag through a rule in red-flags.ts;
 *  - context words (pregnancy, chemotherapy, insulin, anticoagulants, cancer history, travel …) that a
 *    rule reads like the structured answers.
 * A lexicon cannot know every way of saying a danger: whenever free text is present and nothing
 * matched, the summary says so instead of "no red flags" (docs/clinical-safety.md, hazard H2).
 *
 * Sources for the wording: NICE NG225/CG16 and the Samaritans' media guidance (ways people disclose
 * suicidal intent), NICE CG95 (cardiac chest-pain descriptors), NICE NG128 (FAST), Resuscitation
 * Council UK 2021 (anaphylaxis features), NICE CG141 (haematemesis, melaena), GIRFT suspected cauda
 * equina pathway (2023), NICE NG17/NG28 (DKA, hypoglycaemia), BNF drug names for medicines.
 */
export interface LexiconTerm {
  id: string;
  /** What the term detects, as the evidence names it. */
  label: string;
  /** Whole phrases, matched on lower-cased text with apostrophes normalised. */
  patterns: RegExp[];
  /** Single words also matched with one typo (edit distance 1), e.g. 'suicidal' for 'sucidal'. */
  fuzzy?: string[];
  /** Which fields it reads: every screened field (default), or not the medicines text. */
  notIn?: readonly string[];
}

/**
 * The fields screened, and those that are free text. The allergy notes describe past reactions, not
 * what is happening now, so no danger phrase is looked for there (it is still free text: the summary
 * never claims it was screened).
 */
export const SCREENED_FIELDS = [
  'symptomsOther',
  'followUpNotes',
  'travelDetails',
  'chronicOther',
  'surgeryOther',
  'surgeryRegionOther',
  'medications',
  'medicationOther',
] as const;
export const FREE_TEXT_FIELDS = [...SCREENED_FIELDS, 'allergies'] as const;
const MEDICINE_TEXT = ['medications', 'medicationOther'] as const;

/** Only medicines and history belong in these; a danger phrase there is read by the clinician. */
const REPORTS_ONLY = MEDICINE_TEXT;

export const LEXICON: readonly LexiconTerm[] = [
  // ── self-harm and suicide (NICE NG225 1.5, CG16): intent or plan, and thoughts ──────────────────
  {
    id: 'suicide-plan',
    label: 'suicide or self-harm plan or intent',
    patterns: [
      /\bplan(?:s|ned|ning)?\b.{0,40}\b(?:end|kill|die|suicide|overdose|hang|take my)\b/,
      /\b(?:going|gonna|want|wanting|intend|intending|decided)\s+to\s+(?:end (?:my|it)|kill myself|take my (?:own )?life|die\b|overdose)/,
      /\bend(?:ing)? (?:my (?:own )?life|it all)\b/,
      /\btake my (?:own )?life\b/,
      /\bkill(?:ing)? my ?self\b/,
      /\bhang(?:ing)? my ?self\b/,
      /\b(?:saved|saving|stockpil\w*|collect\w*|hoard\w*) (?:up )?(?:[a-z']+ ){0,2}(?:pills|tablets|meds|medication|paracetamol)\b/,
      /\bsuicide (?:note|plan|letter)\b/,
      /\b(?:said|saying|written) (?:my )?goodbyes?\b/,
      /\btook an overdose\b|\boverdos(?:e|ed|ing)\b/,
      /\b(?:took|taken|swallowed) (?:about |around |like |over )?\d{2,} (?:of (?:my |the )?)?(?:paracetamol|tablets|pills|co-codamol|sleeping pills)\b/,
    ],
  },
  {
    id: 'suicide-thoughts',
    label: 'suicidal thoughts or self-harm',
    patterns: [
      /\bsuicid\w*/,
      /\bself[- ]?harm\w*/,
      /\b(?:hurt|hurting|harm|harming|cut|cutting|burn|burning) (?:my ?self|myself)\b/,
      /\b(?:cut|cutting|scratching|burning) (?:my |into my )?(?:arms?|wrists?|legs?|thighs?|skin)\b/,
      /\bbetter off without me\b/,
      /\b(?:want|wanting|wish|wishing) (?:i was|i were|to be) dead\b/,
      /\b(?:want|wanting|wish|wishing) to die\b/,
      /\bbetter off dead\b/,
      /\b(?:don't|do not|didn't|did not) want to (?:live|be alive|be here|wake up|go on)\b/,
      /\bno (?:reason|point) (?:to|in) (?:live|living|going on)\b/,
      /\b(?:life|living) (?:is )?not worth\b|\bnot worth living\b/,
      /\bcan't go on\b/,
    ],
    fuzzy: ['suicidal', 'suicide'],
  },
  // ── chest pain (NICE CG95 1.1): descriptors of cardiac or aortic pain ────────────────────────────
  {
    id: 'chest-pain-cardiac',
    label: 'chest pain with cardiac features',
    patterns: [
      /\b(?:crushing|squeezing|heavy|heaviness|pressure|tight|tightness|vice|band)\b.{0,30}\bchest\b/,
      /\bchest\b.{0,30}\b(?:crushing|squeezing|heavy|heaviness|pressure|tight|tightness)\b/,
      /\bchest\b.{0,60}\b(?:left arm|jaw|clammy)\b/,
      /\bchest (?:pain|ache|discomfort|tightness)\b.{0,60}\b(?:left arm|arm|jaw|neck|back|sweat\w*|clammy|at rest|resting|breathless\w*|short of breath|sick|nause\w*)/,
      /\b(?:arm|jaw|neck|back|sweat\w*|clammy)\b.{0,40}\bchest (?:pain|ache|discomfort)\b/,
      /\bheart attack\b/,
      /\b(?:tearing|ripping) (?:pain|chest|feeling)\b/,
      /\bangina\b.{0,40}\b(?:at rest|worse|more often|not (?:helping|working)|every day)\b/,
      /\bgtn\b.{0,30}\b(?:not (?:helping|working)|more often)\b/,
    ],
  },
  {
    id: 'chest-pain',
    label: 'chest pain',
    patterns: [
      /\bchest (?:pain|pains|ache|hurts|discomfort)\b/,
      /\bpain in (?:my |the )?chest\b/,
      /\bangina\b/,
    ],
  },
  // ── stroke (NICE NG128: FAST, sudden focal deficit) ─────────────────────────────────────────────
  {
    id: 'stroke-signs',
    label: 'stroke warning signs',
    patterns: [
      /\bface\b.{0,20}\b(?:droop\w*|drop\w*|fallen|lopsided|one side)\b/,
      /\b(?:droop\w*|drooping|lopsided) (?:face|mouth|smile)\b/,
      /\bslurr\w* (?:speech|words|my words)\b|\bspeech (?:is |was )?slurred\b/,
      /\bcan't (?:speak|talk|get (?:my )?words out|find (?:my |the )?words)\b/,
      /\b(?:weak|weakness|numb|numbness|no feeling|dead)\b.{0,30}\b(?:one side|left side|right side|half of my)\b/,
      /\b(?:arm|leg|hand)\b.{0,15}\b(?:went|gone|go|goes|is|was) (?:weak|numb|dead|floppy)\b/,
      /\b(?:stroke|mini[- ]stroke|tia)\b/,
      /\bsudden(?:ly)? (?:confus\w*|weak\w*|numb\w*|couldn't (?:speak|see|walk))/,
    ],
  },
  // ── headache (NICE NG228 thunderclap, NG240 meningitis) ─────────────────────────────────────────
  {
    id: 'thunderclap',
    label: 'sudden severe (thunderclap) headache',
    patterns: [
      /\bworst headache\b/,
      /\bthunderclap\b/,
      /\bsudden(?:ly)?\b.{0,20}\b(?:severe|explosive|terrible|worst)? ?headache\b/,
      /\bheadache\b.{0,30}\b(?:came on|started) (?:suddenly|in seconds|instantly|all at once)\b/,
      /\b(?:hit|struck|kicked) (?:on|in) the (?:back of the )?head\b.{0,20}\bheadache\b|\blike being hit\b/,
    ],
  },
  {
    id: 'non-blanching-rash',
    label: 'a rash that does not fade under pressure',
    patterns: [
      /\brash\b.{0,30}\b(?:doesn't|does not|won't|didn't|did not) (?:fade|go away when|blanch)/,
      /\bglass test\b|\bnon[- ]blanching\b|\bpurple (?:spots|dots|blotches)\b|\bpetechia\w*/,
    ],
  },
  { id: 'stiff-neck', label: 'stiff neck', patterns: [/\bstiff neck\b|\bneck (?:is )?stiff\b/] },
  {
    id: 'photophobia',
    label: 'light hurting the eyes',
    patterns: [
      /\b(?:can't (?:bear|stand|look at) (?:the )?light|light hurts|photophobi\w*|sensitive to (?:the )?light)\b/,
    ],
  },
  {
    id: 'abdominal-pain',
    label: 'abdominal or pelvic pain',
    patterns: [
      /\b(?:tummy|stomach|belly|abdominal|pelvic|lower abdominal) (?:pain|ache|cramps?)\b|\bpain (?:low down|in my (?:tummy|stomach|belly|pelvis|side|lower abdomen))\b/,
    ],
  },
  // ── anaphylaxis and breathing (Resuscitation Council UK 2021; BTS) ──────────────────────────────
  {
    id: 'anaphylaxis',
    label: 'anaphylaxis or airway swelling',
    patterns: [
      /\bthroat\b.{0,15}\b(?:closing|closing up|swelling|swollen|tight)\b/,
      /\b(?:tongue|lips?|face|mouth)\b.{0,15}\b(?:swell\w*|swollen|puffed up)\b/,
      /\bswollen (?:tongue|lips?|face|throat)\b/,
      /\banaphyla\w*|\bepi-?pen\b|\badrenaline (?:pen|injector)\b/,
    ],
    fuzzy: ['anaphylaxis', 'anaphylactic'],
  },
  {
    id: 'cannot-breathe',
    label: 'severe breathlessness',
    patterns: [
      /\bcan't (?:breathe?|catch my breath|get my breath|get air)\b/,
      /\b(?:struggling|fighting|gasping) (?:to breathe|for (?:breath|air))\b/,
      /\bblue (?:lips|fingers|fingertips)\b|\blips (?:are |went |turned |going |look |looks |looking )?(?:a bit |slightly )?blue\b/,
      /\bbreathing (?:really |very |so )?(?:fast|quick\w*|rapid\w*)\b|\brapid breathing\b/,
      /\b(?:breathless|short of breath|out of breath)\b.{0,20}\b(?:at rest|sitting|talking|lying)\b/,
      /\bcan't (?:finish|complete|speak in) (?:a |full )?sentences?\b/,
    ],
  },
  {
    id: 'breathless',
    label: 'breathlessness',
    patterns: [/\b(?:breathless\w*|short of breath|shortness of breath|out of breath|sob\b|winded)/],
  },
  {
    id: 'orthopnoea',
    label: 'breathlessness lying flat or at night, or swollen ankles',
    patterns: [
      /\bcan't lie (?:down|flat)\b|\bpropped up\b|\b(?:\d|two|three|four|more) pillows\b/,
      /\bwak\w* (?:up )?(?:at night )?(?:gasping|breathless|short of breath|choking)\b/,
      /\bswollen (?:ankles|legs|feet)\b|\b(?:ankles|legs|feet) (?:are |have been |got )?(?:swollen|puffy)\b/,
    ],
  },
  // ── bleeding (NICE CG141; anticoagulation) ──────────────────────────────────────────────────────
  {
    id: 'gi-bleed',
    label: 'vomiting blood or black stools',
    patterns: [
      /\b(?:vomit\w*|throw\w* up|threw up|sick\w*)\b.{0,15}\bblood\b/,
      /\bblood\b.{0,15}\b(?:in (?:my |the )?(?:vomit|sick))\b/,
      /\bcoffee[- ]grounds?\b/,
      /\bblack,? (?:tarry |sticky )?(?:stools?|poo|poop|faeces|feces)\b|\btarry\b|\bmel(?:a)?ena\b/,
      /\b(?:poo|poop|stools?|faeces|feces)\b.{0,25}\b(?:black|like tar)\b/,
    ],
  },
  {
    id: 'rectal-blood',
    label: 'blood in the stool',
    patterns: [
      /\bblood\b.{0,20}\b(?:stool|stools|poo|poop|bowel|toilet|bottom|back passage|wiping)\b/,
      /\b(?:bleeding from (?:my |the )?(?:bottom|back passage|rectum))\b|\brectal bleed\w*/,
      /\bbloody (?:stools?|diarrh\w*|poo)\b/,
    ],
  },
  {
    id: 'heavy-bleeding',
    label: 'bleeding that will not stop',
    patterns: [
      /\b(?:won't|will not|doesn't|does not|can't|cannot|couldn't) stop (?:the )?bleed\w*/,
      /\b\w*bleed\w*\b.{0,40}\b(?:won't|will not|doesn't|does not|didn't|not) stop\w*/,
      /\bbleeding (?:heavily|a lot|everywhere)\b|\b(?:soaking|soaked) (?:through )?(?:pads?|towels?)\b|\bhaemorrhag\w*|\bhemorrhag\w*/,
    ],
  },
  {
    id: 'haemoptysis',
    label: 'coughing up blood',
    patterns: [/\bcough\w*\b.{0,15}\bblood\b|\bhaemoptysis\b|\bhemoptysis\b/],
  },
  {
    id: 'haematuria',
    label: 'blood in the urine',
    patterns: [/\bblood\b.{0,15}\b(?:urine|pee|wee)\b|\bhaematuria\b|\bhematuria\b/],
  },
  {
    id: 'vaginal-bleeding',
    label: 'vaginal bleeding or spotting',
    patterns: [/\b(?:spotting|vaginal bleed\w*|bleeding (?:from|down) below|bleeding between periods)\b/],
  },
  {
    id: 'postmenopausal-bleeding',
    label: 'bleeding after the menopause',
    patterns: [
      /\b(?:after|since|past) (?:the |my )?menopause\b.{0,40}\bbleed\w*|\bbleed\w*\b.{0,40}\bafter (?:the |my )?menopause\b|\bpost[- ]?menopausal bleed\w*/,
    ],
  },
  // ── pregnancy (NICE NG126, NG133) ───────────────────────────────────────────────────────────────
  {
    id: 'pregnancy',
    label: 'possible pregnancy',
    patterns: [
      /\bpregnan\w*/,
      /\bmissed (?:my |a )?period\b|\bperiod (?:is |was )?(?:\w+ \w+ )?(?:late|overdue)\b|\blate period\b/,
      /\bpositive (?:pregnancy )?test\b|\bweeks? pregnant\b|\bexpecting a baby\b/,
    ],
    fuzzy: ['pregnant'],
  },
  {
    id: 'pre-eclampsia-signs',
    label: 'headache, visual disturbance or swelling',
    patterns: [
      /\b(?:blurr\w*|flashing|flashes|spots|stars|sparkl\w*|zigzag\w*)\b.{0,20}\b(?:vision|eyes?|lights?)\b|\bseeing (?:spots|stars|flashing lights|flashes)\b/,
      /\b(?:face|hands|fingers|feet|ankles)\b.{0,15}\b(?:swollen|swelling|puffy)\b|\bswollen (?:face|hands|fingers)\b/,
      /\bpain (?:under|below) (?:my |the )?ribs\b/,
    ],
  },
  // ── diabetes (NICE NG17, NG28) ──────────────────────────────────────────────────────────────────
  {
    id: 'dka-signs',
    label: 'signs of diabetic ketoacidosis',
    patterns: [
      /\bketones?\b|\bfruity breath\b|\bdka\b|\bketoacidosis\b/,
      /\b(?:blood )?sugars? (?:are |is |was |very |really )*(?:high|over \d+|through the roof)\b/,
    ],
  },
  {
    id: 'hypo-signs',
    label: 'low blood sugar',
    patterns: [/\bhypos?\b|\blow (?:blood )?sugars?\b|\bsugars? (?:are |is |was )?(?:low|dropping)\b/],
  },
  {
    id: 'thirst-polyuria',
    label: 'thirst and passing a lot of urine',
    patterns: [
      /\bthirsty\b|\bthirst\b|\bdrinking (?:a lot|loads|constantly|all the time)\b/,
      /\b(?:peeing|weeing|urinating|passing urine|going to the toilet) (?:a lot|loads|all the time|constantly|often|more)\b/,
    ],
  },
  // ── back (GIRFT cauda equina 2023; NICE NG234) ──────────────────────────────────────────────────
  {
    id: 'cauda-equina-signs',
    label: 'loss of bladder or bowel control',
    patterns: [
      /\bcan't (?:pee|wee|urinate|pass urine)\b|\b(?:wet|soiled) myself\b|\blost control of (?:my )?(?:bladder|bowels?)\b|\bincontinen\w*/,
      /\bcan't tell when i need (?:to )?(?:wee|pee|go)\b/,
    ],
  },
  {
    id: 'saddle-numbness',
    label: 'saddle numbness',
    patterns: [
      /\bnumb\w*\b.{0,25}\b(?:between (?:my )?legs|down below|saddle|bum|buttocks|groin|genitals|private|when i wipe)\b/,
      /\bsaddle (?:numb\w*|an(?:a)?esthesia)\b/,
      /\bcan't feel (?:anything |it )?(?:when i wipe|down below|between my legs)\b/,
    ],
  },
  {
    id: 'back-pain',
    label: 'back pain',
    patterns: [/\bback (?:pain|ache|hurts)\b|\bbackache\b|\bsciatica\b/],
  },
  // ── infection context (NICE NG51, CG151) ────────────────────────────────────────────────────────
  {
    id: 'fever',
    label: 'fever',
    patterns: [
      /\bfever\w*|\bhigh temp\w*|\btemperature\b|\bhot and cold\b|\bshiver\w*|\bchills\b|\brigou?rs\b|\bfeverish\b|\bhot to (?:the )?touch\b|\bburning up\b/,
    ],
  },
  {
    id: 'rigors',
    label: 'rigors (uncontrollable shaking)',
    patterns: [
      /\brigou?rs\b|\bshaking (?:chills|uncontrollably|all over)\b|\b(?:shivering|shaking) (?:uncontrollabl\w*|violently)\b/,
    ],
  },
  {
    id: 'confusion',
    label: 'confusion or drowsiness',
    patterns: [/\bconfus\w*|\bdisorientat\w*|\bdrowsy\b|\bmuddled\b|\bhard to wake\b|\bnot making sense\b/],
  },
  {
    id: 'wound-problem',
    label: 'a wound problem after surgery',
    patterns: [
      /\b(?:wound|scar|incision|stitches)\b.{0,40}\b(?:red|hot|oozing|leaking|pus|infected|smell\w*|open\w*|swollen)\b/,
    ],
  },
  {
    id: 'recent-operation',
    label: 'a recent operation',
    patterns: [
      /\b(?:operation|post[- ]?op\w*|had surgery|after (?:my |the )?surgery|caesarean|c-section|stitches|incision)\b/,
    ],
  },
  {
    id: 'travel',
    label: 'travel abroad',
    patterns: [
      /\bmalaria\b|\btravel\w*|\babroad\b|\b(?:came|come|got|just) back from\b|\breturned from\b|\bholiday in\b|\btrip to\b/,
    ],
  },
  // ── eye (NICE CKS red eye; RCOphth) ─────────────────────────────────────────────────────────────
  {
    id: 'vision-loss',
    label: 'sudden loss of vision',
    patterns: [
      /\b(?:lost|loss of|losing) (?:the |my )?(?:vision|sight)\b|\bcurtain\b.{0,20}\b(?:vision|eye|over|across)\b|\bwent blind\b|\bcan't see (?:out of|with)\b/,
    ],
  },
  {
    id: 'red-painful-eye',
    label: 'a red, painful eye',
    patterns: [
      /\b(?:painful|sore),? red eye\b|\bred,? (?:and )?(?:painful|sore) eye\b|\beye (?:is |very )*(?:red and (?:painful|sore)|painful and red)\b/,
    ],
  },
  // ── cancer (NICE NG12) ──────────────────────────────────────────────────────────────────────────
  {
    id: 'hoarseness',
    label: 'hoarseness',
    patterns: [/\bhoarse\w*|\bcroaky voice\b|\blost my voice\b/],
    fuzzy: ['hoarseness'],
  },
  {
    id: 'dysphagia',
    label: 'difficulty swallowing',
    patterns: [
      /\b(?:difficulty|trouble|problems?|struggl\w*) (?:with )?swallow\w*|\bfood (?:gets |getting |is )?stuck\b|\bcan't swallow\b|\bdysphagia\b/,
    ],
  },
  { id: 'breast-lump', label: 'a breast lump', patterns: [/\blump\b.{0,20}\bbreast\b|\bbreast lump\b/] },
  {
    id: 'jaundice',
    label: 'jaundice',
    patterns: [/\bjaundic\w*|\byellow (?:skin|eyes)\b|\b(?:skin|eyes) (?:are |have gone |turned )?yellow\b/],
  },
  {
    id: 'weight-loss',
    label: 'weight loss',
    patterns: [
      /\blost (?:\d+ ?(?:kg|kilos?|stones?|lbs?|pounds)|(?:a lot of |some )?weight)\b|\bweight loss\b|\bclothes (?:are )?(?:loose|falling off)\b/,
    ],
  },
  {
    id: 'night-sweats',
    label: 'night sweats',
    patterns: [/\bnight sweats?\b|\bdrenching sweats?\b|\bsoaking the (?:sheets|bed)\b/],
  },
  {
    id: 'cancer-history',
    label: 'a history of cancer',
    patterns: [
      /\bcancer\b|\btumou?r\b|\blymphoma\b|\bleuka?emia\b|\bmyeloma\b|\bcarcinoma\b|\bmelanoma\b|\bmetasta\w*|\bradiotherapy\b|\bsarcoma\b/,
    ],
  },
  {
    id: 'mole-change',
    label: 'a changing mole',
    patterns: [/\bmole\b.{0,30}\b(?:chang\w*|grow\w*|bleed\w*|bigger|darker|itch\w*)\b/],
  },
  // ── other emergencies ───────────────────────────────────────────────────────────────────────────
  {
    id: 'testicular-pain',
    label: 'sudden testicular pain',
    patterns: [
      /\b(?:testic\w*|testis|testes|scrotum|scrotal|balls?)\b.{0,20}\b(?:pain|painful|swollen|agony)\b|\bpain in (?:my |the )?(?:testic\w*|scrotum|balls?)\b/,
    ],
  },
  {
    id: 'severe-abdominal-pain',
    label: 'severe abdominal pain',
    patterns: [
      /\b(?:worst|severe|agonising|agonizing|excruciating|unbearable)\b.{0,15}\b(?:abdominal|stomach|tummy|belly) pain\b/,
    ],
  },
  {
    id: 'hot-swollen-joint',
    label: 'a hot, swollen joint',
    patterns: [
      /\b(?:hot|red|warm)\b.{0,15}\bswollen\b.{0,10}\b(?:joint|knee|ankle|wrist|elbow|hip|shoulder|toe)\b|\b(?:joint|knee|ankle|wrist|elbow|hip|shoulder)\b.{0,15}\b(?:hot|red|warm) and swollen\b/,
    ],
  },
  {
    id: 'calf-swelling',
    label: 'a swollen, painful calf or leg',
    patterns: [/\b(?:calf|leg)\b.{0,15}\b(?:swollen|painful and swollen|hot)\b|\bswollen (?:calf|leg)\b/],
  },
  {
    id: 'fainting',
    label: 'fainting or collapse',
    patterns: [/\b(?:passed|passing) out\b|\bfaint\w*|\bblack(?:ed)? out\b|\bcollaps\w*/],
  },
  {
    id: 'palpitations',
    label: 'palpitations',
    patterns: [/\bpalpitation\w*|\bheart (?:is )?(?:racing|pounding|fluttering|skipping)\b/],
  },
  {
    id: 'vomiting',
    label: 'vomiting',
    patterns: [
      /\bvomit\w*|\bthrowing up\b|\bbeing sick\b|\bcan't keep (?:anything|fluids|water|food) down\b/,
    ],
  },
  { id: 'headache', label: 'headache', patterns: [/\bheadache\w*|\bmigraine\w*/] },
  // ── more danger and cancer phrases (RCUK 2021 anaphylaxis, CG109, BSR GCA, NG51, NG12) ───────────
  {
    id: 'hives',
    label: 'hives or a sudden widespread rash',
    patterns: [
      /\bhives\b|\burticaria\b|\bwelts\b|\b(?:rash|blotches|itchy bumps) (?:all over|everywhere|spreading)\b/,
    ],
  },
  { id: 'wheeze', label: 'wheeze', patterns: [/\bwheez\w*/] },
  {
    id: 'head-injury',
    label: 'a head injury',
    patterns: [
      /\b(?:banged|hit|bumped|knocked|struck) (?:my |his |her |their )?head\b|\bhead injury\b|\bfell\b.{0,40}\bhead\b/,
    ],
  },
  { id: 'tearing-pain', label: 'tearing pain', patterns: [/\b(?:tearing|ripping) (?:pain|feeling)\b/] },
  { id: 'gout-history', label: 'known gout', patterns: [/\bgout\w*/] },
  {
    id: 'family-sudden-death',
    label: 'a family history of sudden cardiac death',
    patterns: [
      /\b(?:brother|sister|mum|mother|dad|father|son|daughter|cousin|uncle|aunt|family member|sibling)\b.{0,40}\b(?:died suddenly|sudden(?:ly)? died|sudden (?:cardiac |unexplained )?death|dropped dead)\b/,
    ],
  },
  {
    id: 'gca-signs',
    label: 'temple pain, scalp tenderness or jaw pain on chewing',
    patterns: [
      /\btemples?\b/,
      /\bjaw\b.{0,30}\b(?:chew\w*|eating|when i eat)\b/,
      /\bscalp\b.{0,20}\b(?:tender|sore|hurts)\b|\b(?:comb\w*|brush\w*) my hair\b/,
    ],
  },
  {
    id: 'nipple-change',
    label: 'nipple discharge or retraction',
    patterns: [
      /\bnipple\b.{0,40}\b(?:discharge|bleed\w*|blood\w*|pulling in\w*|inwards|inverted|turned in|retract\w*)\b/,
      /\b(?:discharge|blood)\b.{0,30}\bnipple\b/,
    ],
  },
  {
    id: 'bloating',
    label: 'persistent bloating or feeling full quickly',
    patterns: [
      /\bbloat\w*|\b(?:feel|feeling|get|gets) full (?:after|quickly|very quickly)\b|\bearly satiety\b|\b(?:tummy|stomach|belly) (?:looks |is |feels )?swollen\b/,
    ],
  },
  {
    id: 'mouth-ulcer',
    label: 'a mouth ulcer that has not healed',
    patterns: [
      /\bulcer\b.{0,60}\b(?:(?:hasn't|has not|not|won't|never) heal\w*|[3-9] weeks|\d+ months)/,
      /\b(?:red|white) patch\w*\b.{0,20}\b(?:mouth|tongue|gum)\b/,
    ],
  },
  {
    id: 'no-urine',
    label: 'not passing urine',
    patterns: [
      /\b(?:haven't|hasn't|not|didn't) (?:passed|been able to pass|had a) (?:any )?(?:water|urine|wee|pee)\b/,
      /\bno (?:urine|wee|pee)\b.{0,20}\b(?:since|for|in)\b|\bnot (?:peed|weed|urinated)\b/,
    ],
  },
  {
    id: 'mottled-skin',
    label: 'mottled, ashen or blue skin',
    patterns: [
      /\bmottled\b|\bblotchy\b.{0,20}\b(?:grey|gray|blue|purple)\b|\b(?:ashen|grey|gray) (?:skin|colour|color)\b|\bskin\b.{0,20}\b(?:ashen|mottled|grey and blotchy)\b/,
    ],
  },
  // ── medicines that change urgency (BNF names), read in every screened field ─────────────────────
  {
    id: 'chemotherapy',
    label: 'chemotherapy',
    patterns: [
      /\bchemo\w*|\bcapecitabine\b|\bdocetaxel\b|\bpaclitaxel\b|\bcarboplatin\b|\bcisplatin\b|\boxaliplatin\b|\bcyclophosphamide\b|\bfolfox\b/,
    ],
    fuzzy: ['chemotherapy'],
  },
  {
    id: 'immunosuppressant',
    label: 'a medicine that lowers immunity',
    patterns: [
      /\b(?:prednisolone|prednisone|dexamethasone|hydrocortisone tablets|methotrexate|azathioprine|mycophenolate|tacrolimus|ciclosporin|cyclosporine|sirolimus|adalimumab|infliximab|etanercept|rituximab|tocilizumab|leflunomide)\b|\btransplant\b/,
    ],
    fuzzy: ['prednisolone', 'methotrexate', 'azathioprine'],
  },
  {
    id: 'insulin',
    label: 'insulin',
    patterns: [
      /\binsulin\b|\b(?:novorapid|lantus|humalog|levemir|tresiba|humulin|novomix|fiasp|toujeo|abasaglar|apidra|semglee)\b/,
    ],
    fuzzy: ['insulin'],
  },
  {
    id: 'sulfonylurea',
    label: 'a sulfonylurea',
    patterns: [/\b(?:gliclazide|glipizide|glimepiride|glibenclamide|tolbutamide)\b/],
  },
  {
    id: 'sglt2',
    label: 'an SGLT2 inhibitor',
    patterns: [/\b(?:empagliflozin|dapagliflozin|canagliflozin|ertugliflozin|jardiance|forxiga|invokana)\b/],
  },
  {
    id: 'anticoagulant',
    label: 'a blood thinner',
    patterns: [
      /\b(?:warfarin|apixaban|rivaroxaban|edoxaban|dabigatran|eliquis|xarelto|lixiana|pradaxa|heparin|enoxaparin|dalteparin|clexane|fragmin|coumadin|blood thinners?)\b/,
    ],
    fuzzy: ['warfarin', 'apixaban', 'rivaroxaban'],
  },
  { id: 'diabetes', label: 'diabetes', patterns: [/\bdiabet\w*/] },
  { id: 'bp-severe', label: 'a blood pressure of 180/120 or more', patterns: [] },
  { id: 'bp-raised', label: 'a blood pressure of 140/90 or more', patterns: [] },
];
export type LexiconTermId = string;

/** Danger phrases are looked for in reports only; the medicines text names medicines. */
const CONTEXT_TERMS = new Set([
  'chemotherapy',
  'immunosuppressant',
  'insulin',
  'sulfonylurea',
  'sglt2',
  'anticoagulant',
  'diabetes',
  'cancer-history',
  'pregnancy',
]);
for (const t of LEXICON) if (!CONTEXT_TERMS.has(t.id) && !t.notIn) t.notIn = REPORTS_ONLY;

/** One phrase found: which field, and the words as the patient wrote them. */
export interface TextMatch {
  field: string;
  phrase: string;
}

/** Lower case, straight apostrophes, "cannot" → "can't", single spaces: what the patterns expect. */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\bcannot\b/g, "can't")
    .replace(/\bcant\b/g, "can't")
    .replace(/\bdont\b/g, "don't")
    .replace(/\bwont\b/g, "won't")
    .replace(/\bdoesnt\b/g, "doesn't")
    .replace(/\bcouldnt\b/g, "couldn't")
    .replace(/\bdidnt\b/g, "didn't")
    .replace(/\bhavent\b/g, "haven't")
    .replace(/\bhasnt\b/g, "hasn't")
    .replace(/\bisnt\b/g, "isn't")
    .replace(/\bive\b/g, "i've")
    .replace(/\s+/g, ' ');
}

/**
 * A negation just before a phrase in the same clause ("no chest pain", "denies thoughts of self-harm",
 * "not pregnant"). "No longer" is not a negation ("I no longer want to live").
 */
const NEGATION =
  /(?:\b(?:no(?! longer)|not|never|denies|denied|without|nor|negative for)\b|n't\b)[^.;,!?]{0,25}$/;
const CLAUSE_BREAK = /[.;!?\n]|\bbut\b|\bhowever\b|\balthough\b/g;

function clauseBefore(text: string, index: number): string {
  const before = text.slice(0, index);
  let start = 0;
  for (const m of before.matchAll(CLAUSE_BREAK)) start = (m.index ?? 0) + m[0].length;
  return before.slice(start);
}

function negated(text: string, index: number, phrase: string): boolean {
  // A phrase that carries its own negation ("don't want to live") is what it says.
  if (/^(?:don't|do not|no reason|no point|can't|won't|not worth)/.test(phrase)) {
    return NEGATION.test(clauseBefore(text, index).replace(/\s+$/, ' '));
  }
  return NEGATION.test(clauseBefore(text, index));
}

/** Damerau–Levenshtein distance ≤ 1 between two words (a typo: one insert, delete, swap or change). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA.slice(1) === restB.slice(1)) return true; // change
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true; // delete / insert
  return (
    restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2)
  );
}

/** Blood pressure readings written as 190/120 or "190 over 120" next to "blood pressure" or "BP". */
function bloodPressures(
  text: string,
): { systolic: number; diastolic: number; phrase: string; index: number }[] {
  const out: { systolic: number; diastolic: number; phrase: string; index: number }[] = [];
  for (const m of text.matchAll(/\b(\d{2,3}) ?(?:\/|over) ?(\d{2,3})\b/g)) {
    const index = m.index ?? 0;
    const near = text.slice(Math.max(0, index - 40), index + m[0].length + 10);
    if (!/\b(?:bp|blood pressure|pressure)\b/.test(near)) continue;
    out.push({ systolic: Number(m[1]), diastolic: Number(m[2]), phrase: m[0], index });
  }
  return out;
}

/**
 * Words patients often misspell that the patterns rely on: a token of five letters or more within one
 * typo of one of these is read as the word ("chesst" → "chest", "brest" → "breast").
 */
const SPELLING = [
  'chest',
  'breath',
  'breathe',
  'breathless',
  'breast',
  'tight',
  'tightness',
  'pressure',
  'crushing',
  'clammy',
  'sweating',
  'headache',
  'vomiting',
  'bleeding',
  'stomach',
  'swollen',
  'thirsty',
  'weight',
  'period',
  'pregnant',
  'suicide',
  'suicidal',
  'overdose',
  'morning',
  'spotting',
  'dizzy',
  'faint',
  'fainted',
];
function correctSpelling(text: string): string {
  return text.replace(/[a-z]{5,}/g, (w) => {
    if (SPELLING.includes(w)) return w;
    // Same first two letters: a real word one letter away ("light", "night") is not a typo of "tight".
    const hit = SPELLING.find((s) => s.slice(0, 2) === w.slice(0, 2) && withinOneEdit(w, s));
    return hit ?? w;
  });
}

/** The free-text fields a record fills in (trimmed, non-empty), in lexicon order. */
export function freeTextPresent(answers: IntakeAnswers): string[] {
  return FREE_TEXT_FIELDS.filter((f) => {
    const v = answers[f];
    return typeof v === 'string' && v.trim() !== '';
  });
}

/**
 * Every lexicon term found in a record's screened free text, with where and how it was said;
 * negated mentions are left out.
 */
export function screenFreeText(answers: IntakeAnswers): Map<LexiconTermId, TextMatch[]> {
  const found = new Map<LexiconTermId, TextMatch[]>();
  const add = (id: string, match: TextMatch) => {
    const list = found.get(id) ?? [];
    if (!list.some((m) => m.field === match.field && m.phrase === match.phrase)) list.push(match);
    found.set(id, list);
  };
  for (const field of SCREENED_FIELDS) {
    const raw = answers[field];
    if (typeof raw !== 'string' || !raw.trim()) continue;
    const text = correctSpelling(normaliseText(raw));
    const words = [...text.matchAll(/[a-z][a-z'-]+/g)];
    for (const term of LEXICON) {
      if (term.notIn?.includes(field)) continue;
      for (const pattern of term.patterns) {
        const re = new RegExp(pattern.source, 'g');
        for (const m of text.matchAll(re)) {
          const index = m.index ?? 0;
          if (negated(text, index, m[0])) continue;
          add(term.id, { field, phrase: m[0].trim() });
        }
      }
      for (const word of term.fuzzy ?? []) {
        for (const w of words) {
          const candidate = w[0];
          if (candidate.length < 6 || candidate === word || !withinOneEdit(candidate, word)) continue;
          if (negated(text, w.index ?? 0, candidate)) continue;
          add(term.id, { field, phrase: candidate });
        }
      }
    }
    if (!(MEDICINE_TEXT as readonly string[]).includes(field)) {
      for (const bp of bloodPressures(text)) {
        if (negated(text, bp.index, bp.phrase)) continue;
        if (bp.systolic >= 180 || bp.diastolic >= 120) add('bp-severe', { field, phrase: bp.phrase });
        if (bp.systolic >= 140 || bp.diastolic >= 90) add('bp-raised', { field, phrase: bp.phrase });
      }
    }
  }
  return found;
}
