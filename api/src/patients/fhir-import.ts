import type { CodeableConcept, FhirResource, Meta, Reference } from 'fhir/r4.js';
import {
  formatMessage,
  fhirImportResourceSchemas,
  IMPORTED_RESOURCE_KIND,
  NONE_KNOWN_FHIR,
  SNOMED_SYSTEM,
  type FhirImportBundle,
  type ImportedItemKind,
} from '@medora/shared';
import { ApiException } from '../common/http-exception.filter.js';

/**
 * A record from another system (a FHIR R4 Bundle) as the items Medora keeps: each AllergyIntolerance,
 * Condition, MedicationStatement and Observation, with its code, a text to show, and the resource
 * without its references (they point into a Bundle that is not kept). Pure; the service stores them.
 */

export interface NewImportedItem {
  kind: ImportedItemKind;
  codeSystem: string | null;
  code: string | null;
  display: string | null;
  text: string;
  absence: boolean;
  sourceName: string | null;
  sourceBundleId: string | null;
  sourceIdentifier: string | null;
  resource: Record<string, unknown>;
}

/** The IPS code system of "no information" and "none known" statements. */
const IPS_ABSENT_UNKNOWN = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
const NONE_KNOWN_CODES = new Set<string>(Object.values(NONE_KNOWN_FHIR).map((c) => c.code));

/** A statement that there is none ("No known allergy"), in SNOMED or in the IPS code system. */
export function isAbsenceStatement(code: CodeableConcept | undefined): boolean {
  return (code?.coding ?? []).some(
    (c) =>
      c.system === IPS_ABSENT_UNKNOWN ||
      (c.system === SNOMED_SYSTEM && !!c.code && NONE_KNOWN_CODES.has(c.code)),
  );
}

/** How Medora's exports mark a resource that came from another system. */
export const importedTag = (appUrl: string): NonNullable<Meta['tag']>[number] => ({
  system: `${appUrl}/fhir/tags`,
  code: 'imported',
  display: 'Imported from another system',
});

const isReference = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as Reference).reference === 'string';

/**
 * The value without References (and without what is left empty by removing them: FHIR allows no
 * empty objects or arrays).
 */
function withoutReferences(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.filter((v) => !isReference(v)).map(withoutReferences);
    const kept = items.filter((v) => v !== undefined);
    return kept.length ? kept : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (isReference(v)) continue;
      const kept = withoutReferences(v);
      if (kept !== undefined) out[key] = kept;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value;
}

/** The first coding with a code, and the text to show (the concept's text, else that coding's display). */
function describe(code: CodeableConcept | undefined) {
  const coding = code?.coding?.find((c) => c.code) ?? null;
  return {
    codeSystem: coding?.system ?? null,
    code: coding?.code ?? null,
    display: coding?.display ?? null,
    text: code?.text ?? coding?.display ?? coding?.code ?? null,
  };
}

function invalid(index: number, resourceType: string, field: string): ApiException {
  return new ApiException(400, formatMessage('fhirImportResourceInvalid', { index, resourceType, field }));
}

type KeptType = keyof typeof IMPORTED_RESOURCE_KIND;
const isKept = (t: string): t is KeptType => Object.hasOwn(IMPORTED_RESOURCE_KIND, t);

/** The Bundle's items; a kept resource that is not valid refuses the whole import (400). */
export function importedItems(bundle: FhirImportBundle): NewImportedItem[] {
  const entries = bundle.entry;
  const composition = entries.find((e) => e.resource.resourceType === 'Composition')?.resource as
    { custodian?: Reference; author?: Reference[] } | undefined;
  // The Composition is not validated (only its names are read): a name that is not text is no name.
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const author = Array.isArray(composition?.author) ? composition.author[0] : undefined;
  const sourceName = text(composition?.custodian?.display) ?? text(author?.display);
  const identifier = bundle.identifier;
  const source = {
    sourceName,
    sourceBundleId: bundle.id ?? null,
    sourceIdentifier: identifier?.value
      ? identifier.system
        ? `${identifier.system}|${identifier.value}`
        : identifier.value
      : null,
  };
  // A MedicationStatement may name its medicine through a Medication of the same Bundle.
  const medications = new Map<string, unknown>();
  for (const e of entries) {
    if (e.resource.resourceType !== 'Medication') continue;
    if (e.fullUrl) medications.set(e.fullUrl, e.resource);
    if (e.resource.id) medications.set(`Medication/${e.resource.id}`, e.resource);
  }

  return entries.flatMap((entry, index): NewImportedItem[] => {
    const type = entry.resource.resourceType;
    if (!isKept(type)) return [];
    const parsed = fhirImportResourceSchemas[type].safeParse(entry.resource);
    if (!parsed.success) {
      throw invalid(index, type, parsed.error.issues[0]?.path.join('.') || 'medication[x]');
    }
    const resource = { ...(entry.resource as Record<string, unknown>) };
    let code = resource.code as CodeableConcept | undefined;
    if (type === 'MedicationStatement') {
      code = resource.medicationCodeableConcept as CodeableConcept | undefined;
      if (!code) {
        const ref = resource.medicationReference as Reference;
        const medication = fhirImportResourceSchemas.Medication.safeParse(
          ref.reference ? medications.get(ref.reference) : undefined,
        );
        code = medication.success ? (medication.data.code as CodeableConcept | undefined) : undefined;
        code ??= ref.display ? { text: ref.display } : undefined;
        if (!code) throw invalid(index, type, 'medicationReference');
        resource.medicationCodeableConcept = code;
      }
    }
    const described = describe(code);
    if (!described.text) throw invalid(index, type, type === 'MedicationStatement' ? 'medication' : 'code');
    let text = described.text;
    const quantity = resource.valueQuantity as { value?: number; unit?: string } | undefined;
    if (type === 'Observation' && typeof quantity?.value === 'number') {
      text = `${text}: ${quantity.value}${quantity.unit ? ` ${quantity.unit}` : ''}`;
    } else if (type === 'Observation' && typeof resource.valueString === 'string') {
      text = `${text}: ${resource.valueString}`;
    }
    // Its id, narrative and meta belong to the other system; its references point into this Bundle.
    delete resource.id;
    delete resource.meta;
    delete resource.text;
    delete resource.contained;
    const kept = withoutReferences(resource) as Record<string, unknown>;
    return [
      {
        kind: IMPORTED_RESOURCE_KIND[type],
        ...described,
        text,
        absence: isAbsenceStatement(code),
        ...source,
        resource: kept,
      },
    ];
  });
}

/**
 * A confirmed item as a resource of Medora's export: the resource as it came (its original coding),
 * about `subject`, with a new id and tagged as imported.
 */
export function importedResource(
  item: { kind: ImportedItemKind; resource: Record<string, unknown> },
  subject: Reference,
  id: string,
  appUrl: string,
): FhirResource {
  const subjectField = item.kind === 'allergy' ? 'patient' : 'subject';
  return {
    ...item.resource,
    id,
    meta: { tag: [importedTag(appUrl)] },
    [subjectField]: subject,
  } as unknown as FhirResource;
}
