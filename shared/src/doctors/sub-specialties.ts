/**
 * The sub-specialties a doctor may pick, per specialty of the spec's 16 — written once,
 * for the onboarding picker, the profile editor and the API's check (`doctorApplicationSchema`).
 */
import type { DoctorSpecialty } from './application-rules.js';

export const DOCTOR_SUB_SPECIALTIES: Record<DoctorSpecialty, readonly string[]> = {
  'General Medicine': ['Preventive Care', 'Geriatrics', 'Sports Medicine', 'Travel Medicine'],
  Cardiology: ['Echocardiography', 'Heart failure', 'Electrophysiology', 'Interventional Cardiology'],
  Neurology: ['Epilepsy', 'Stroke', 'Headache Medicine', 'Movement Disorders'],
  Orthopedics: ['Sports Injuries', 'Spine Surgery', 'Joint Replacement', 'Hand Surgery'],
  Pediatrics: ['Neonatology', 'Pediatric Allergy', 'Adolescent Medicine', 'Developmental Pediatrics'],
  Dermatology: ['Cosmetic Dermatology', 'Dermatopathology', 'Pediatric Dermatology', 'Mohs Surgery'],
  Psychiatry: ['Child and Adolescent Psychiatry', 'Addiction Psychiatry', 'Geriatric Psychiatry'],
  Oncology: ['Medical Oncology', 'Radiation Oncology', 'Hematologic Oncology', 'Surgical Oncology'],
  Endocrinology: ['Diabetes', 'Thyroid Disorders', 'Obesity Medicine', 'Reproductive Endocrinology'],
  Pulmonology: ['Asthma', 'Sleep Medicine', 'Critical Care', 'Interstitial Lung Disease'],
  Gastroenterology: ['Hepatology', 'Inflammatory Bowel Disease', 'Endoscopy'],
  Nephrology: ['Dialysis', 'Kidney Transplant', 'Hypertension'],
  Ophthalmology: ['Cataract Surgery', 'Retina', 'Glaucoma', 'Pediatric Ophthalmology'],
  ENT: ['Otology', 'Rhinology', 'Laryngology', 'Head and Neck Surgery'],
  'Obstetrics & Gynecology': ['Maternal-Fetal Medicine', 'Reproductive Medicine', 'Gynecologic Oncology'],
  Urology: ['Endourology', 'Pediatric Urology', 'Urologic Oncology', 'Andrology'],
};

/** The sub-specialties of `specialty` (none for a value outside the 16). */
export function subSpecialtiesOf(specialty: string): readonly string[] {
  return (DOCTOR_SUB_SPECIALTIES as Record<string, readonly string[] | undefined>)[specialty] ?? [];
}

/** The picked sub-specialties that do not belong to `specialty` (empty when all do). */
export function foreignSubSpecialties(specialty: string, picked: readonly string[]): string[] {
  const allowed = subSpecialtiesOf(specialty);
  return picked.filter((s) => !allowed.includes(s));
}
