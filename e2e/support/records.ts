/** A minimal valid intake record (POST /api/patients): a patient with it lands on /dashboard, not /form. */
export const MINIMAL_INTAKE_RECORD = {
  name: 'Dana Whitfield',
  gender: 'Female',
  dob: '1988-04-12',
  heightWeight: { heightFeet: 5, heightInches: 6, weight: 63 },
  visitType: 'New Appointment',
  allergyList: ['None'],
  chronicConditions: ['None'],
  pastSurgeries: 'No',
  smokingStatus: 'Never',
  alcoholUse: 'Social',
  hasChildren: 'No',
  symptoms: ['Headache'],
};
