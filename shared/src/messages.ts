/**
 * The message catalogue (spec §8 and the issues). Every user-facing text is looked up here so that
 * tests and translations have one place to look. Placeholders are `{name}`, filled by `formatMessage`.
 */
export const MESSAGES = {
  // Sign-up and login (spec §5, §8)
  emailPasswordRequired: 'Please fill in email and password',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidPhone: 'Please enter a valid phone number (at least 10 digits) or leave it empty',
  emailInUse: 'This email is already registered. Please login instead.',
  invalidEmail: 'Invalid email address.',
  weakPassword: 'Password is too weak. Please use at least 6 characters.',
  signupFailed: 'Signup failed: {message}',
  doctorSignupFailed: 'Error: {message}',
  loginFailed: 'Login failed: {message}',
  resetFailed: 'Reset failed: {message}',
  resetSent: 'Password reset email sent to {email}',
  notVerified:
    'Email not verified yet. Please check your inbox and click the verification link, then try again.',
  verificationCheckError: 'Error checking verification: {message}',
  verificationResent: 'Verification email sent! Please check your inbox.',
  verificationResendError: 'Error resending email: {message}',
  settingsComingSoon: 'Settings page coming soon!',
  resetEmailRequired: 'Please enter your email address',
  resetEmailInvalid: 'Please enter a valid email address',

  // Login screen (spec §2 Login screen); labels of our own where the spec names none
  loginHeading: 'Welcome to Medora',
  loginIntro: 'Choose how you use Medora, then sign in or create an account.',
  roleChoiceLegend: 'I am a',
  rolePatientDescription: 'Book appointments and manage your health',
  roleProviderDescription: 'Manage patient appointments and schedules',
  roleDoctorDescription: 'Access admin dashboard and manage system',
  authModeLabel: 'Login or sign up',
  loginTab: 'Login',
  signupTab: 'Sign Up',
  phoneLabel: 'Phone (optional)',
  forgotPasswordLink: 'Forgot password?',
  forgotPasswordHeading: 'Reset your password',
  forgotPasswordIntro: 'Enter the email of your account and we will send you a reset link.',
  sendResetLink: 'Send reset link',
  backToLogin: 'Back to login',
  verifyHeading: 'Verify Your Email',
  verifyIntro: 'We sent a verification link to {email}. Open it, then come back here.',
  verifiedButton: "I've Verified My Email",
  resendButton: 'Resend',
  cancelButton: 'Cancel',
  openMailbox: 'Open the local mailbox',
  continueButton: 'Continue',
  working: 'Please wait...',

  // Patient header bar (spec §2 Patient header bar)
  patientAccount: 'Patient Account',
  accountMenu: 'Account menu',
  menuDashboard: 'Dashboard',
  menuSettings: 'Settings',
  menuLogout: 'Logout',
  notifications: 'Notifications',
  notificationsUnread: 'Notifications, {count} unread',
  noNotifications: 'No notifications yet',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  showAllNotifications: 'Show all ({count})',
  showFewerNotifications: 'Show less',
  notificationWelcomeTitle: 'Welcome to Medora',
  notificationWelcomeBody: 'Your account is ready. Complete your health profile to get started.',
  notificationsFailed: 'Could not load notifications: {message}',
  dismiss: 'Dismiss',
  confirm: 'Confirm',

  // Local tools (the Auth emulator's mailbox; never in production builds)
  mailboxHeading: 'Local mailbox',
  mailboxIntro:
    'The Auth emulator sends no real mail. These are the verification and password-reset links it holds.',
  mailboxEmpty: 'No messages yet.',
  mailboxRefresh: 'Refresh',
  mailboxVerifyEmail: 'Verify email',
  mailboxVerified: 'Email verified for {email}.',
  mailboxKindVerify: 'Verify email',
  mailboxKindReset: 'Reset password',
  mailboxNewPassword: 'New password for {email}',
  mailboxSetPassword: 'Set new password',
  mailboxPasswordChanged: 'Password changed for {email}.',
  mailboxFailed: 'Mailbox error: {message}',

  // Booking (spec §5, §8)
  bookingSelectionRequired: 'Please select a doctor, date, and time slot',
  bookingFailed: 'Error booking appointment: {message}',
  bookingSucceeded: 'Appointment booked successfully!',
  noDoctors: 'No doctors available at the moment.',
  noDatesDashboard: 'No available dates found. Please select another doctor.',
  noDatesPage: 'No available dates found for {doctor}. Please select another doctor or contact the clinic.',
  noSlotsDashboard: 'No time slots available. Please select another date.',
  noSlotsPage: 'No available time slots for this date. Please select another date.',
  defaultBookingNote: 'Follow-up appointment',

  // Documents (spec §5, §8)
  pdfOnly: 'Please upload PDF files only',
  uploadSucceeded: 'Document uploaded successfully!',
  uploadFailed: 'Error uploading document: {message}',
  deleteSucceeded: 'Document deleted successfully!',
  deleteFailed: 'Error deleting document: {message}',
  noDocuments: 'No documents uploaded yet',
  noAppointments: 'No appointments found',
  noAppointmentHistory: 'No appointment history yet',

  // Intake (spec §5, §8)
  fieldRequired: 'This field is required.',
  selectAtLeast: 'Please select at least {count} option{plural}.',
  heightWeightRequired: 'Please fill in all height and weight fields.',
  intakeSaveFailed: 'Error saving data: {message}',
  stepError: 'Error: {message}',
  intakeSubmitted: 'Thank you! Your form was submitted.',

  // Doctor onboarding (spec §5, §8)
  clinicRequired: 'Please fill in clinic name, city, and state',
  doctorDocumentsRequired: 'Please upload Medical Degree, Medical License, and Identity Proof',
  requiredFields: 'Please fill in all required fields',
  onboardingFailed: 'Error: {message}',
  applicationSubmitted: 'Application submitted successfully! Your application is under review.',

  // Shell and federation (spec §8, ARCHITECTURE rule 3)
  loading: 'Loading...',
  chunkLoadFailed: 'Loading chunk failed',
  unexpectedError: 'Unexpected Application Error!',
  retry: 'Retry',
  failureType: 'Failure type: {type}',
  remoteFailed: 'The {remote} module could not be loaded. The rest of Medora keeps working.',
  pageNotFound: 'Page not found',
  signedInAs: 'Signed in as {email}',
  notSignedIn: 'Not signed in',
  emailLabel: 'Email',
  passwordLabel: 'Password',
  signIn: 'Sign in',
  createAccount: 'Create account',
  signOut: 'Sign out',

  // Server-side messages (the spec leaves the server catalogue open; these are ours)
  unauthenticated: 'Sign in to continue: the request carried no valid ID token.',
  forbidden: 'You do not have access to this resource.',
  notFound: 'Not found.',
  validationFailed: 'Some fields are not valid.',
  internalError: 'Something went wrong on our side. Please try again.',
  adminRoleRefused: 'The admin role cannot be chosen at sign-up.',
  uidMismatch: 'The uid does not belong to the signed-in account.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Fills `{placeholder}` slots of a catalogue message; unknown placeholders are left as they are. */
export function formatMessage(key: MessageKey, values: Record<string, string | number> = {}): string {
  return MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
