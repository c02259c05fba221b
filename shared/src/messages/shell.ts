/**
 * The catalogue's texts used only by the shell's own screens (sign-in, header, settings, the mailbox, error pages), added to `MESSAGES` when this module loads
 * (docs/architecture.md, Frontends). Only that package imports it, so no other page
 * downloads these texts; `scripts/test/message-areas.spec.ts` keeps every text in the area that uses it.
 */
import { addMessages } from '@medora/shared/messages';

export const SHELL_MESSAGES = {
  resetSent: 'Password reset email sent to {email}',
  resetEmailInvalid: 'Please enter a valid email address',

  // Login screen; labels of our own where the spec names none
  loginHeading: 'Welcome to Medora',
  loginIntro: 'Choose how you use Medora, then sign in or create an account.',
  roleChoiceLegend: 'I am a',
  rolePatientDescription: 'Book appointments and manage your health',
  roleProviderDescription: 'Manage patient appointments and schedules',
  roleDoctorDescription:
    'Doctors and administrators sign in here: doctors to their patients and schedule, administrators to the admin desk.',
  // The next screen, when the card chosen at sign-in is not where the account's role signs in
  roleNoticeLabel: 'About your sign-in',
  roleCardMismatchPatient:
    'You chose “{chosen}”, but this is a patient account, so Medora opened your patient pages.',
  roleCardMismatchProvider:
    'You chose “{chosen}”, but this is a Healthcare Provider account, so Medora opened your provider pages.',
  roleCardMismatchDoctor:
    'You chose “{chosen}”, but this is a doctor account, so Medora opened your doctor pages.',
  roleCardMismatchAdmin:
    'You chose “{chosen}”, but this is an administrator account, so Medora opened the admin desk.',
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
  openMailbox: 'Open the local mailbox',
  continueButton: 'Continue',

  // Patient header bar
  patientAccount: 'Patient Account',
  accountMenu: 'Account menu',
  menuDashboard: 'Dashboard',
  menuSettings: 'Settings',
  menuLogout: 'Logout',
  notificationsUnread: 'Notifications, {count} unread',
  noNotifications: 'No notifications yet',
  markAllRead: 'Mark all as read',
  showAllNotifications: 'Show all ({count})',
  showFewerNotifications: 'Show less',
  notificationsFailed: 'Could not load notifications: {message}',

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
  chunkLoadFailed: 'Loading chunk failed',
  unexpectedError: 'Unexpected Application Error!',
  failureType: 'Failure type: {type}',
  remoteIncompatible:
    'The {remote} module was built for shared contract {remoteVersion}, but this page runs {hostVersion}, so it was not loaded. The rest of Medora keeps working.',
  unknownVersion: 'unknown',
  pageNotFound: 'Page not found',

  // Idle sessions: medical data is not left open on an unattended screen
  idleWarningTitle: 'Are you still there?',
  idleWarningBody:
    'For your privacy, you will be signed out in {time} because this session has been inactive.',
  idleStaySignedIn: 'Stay signed in',
  idleSignOutNow: 'Sign out now',
  // Phone layout and the shell's chrome
  skipToMain: 'Skip to main content',
  accountMenuFor: '{email}, account menu',
  toastRepeated: '{count} times',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  goHome: 'Go to the home page',
  goToDashboard: 'Go to your dashboard',
  chunkLoadFailedText: 'This part of Medora could not be loaded. Check your connection and try again.',
  supportDetails: 'Details for support',
  // The settings page (My account), its Firebase errors and the mailbox's e-mail change
  settingsTitle: 'Settings',
  settingsIntro: 'Your name and phone, how you sign in, and which notifications you get.',
  settingsLoading: 'Loading your settings...',
  settingsLoadFailed: 'Error loading your settings: {message}',
  settingsSaving: 'Saving...',
  settingsSaveFailed: 'Could not save your settings: {message}',
  settingsProfileTitle: 'Name and phone',
  settingsNameLabel: 'Full name',
  settingsPhoneLabel: 'Phone (optional)',
  settingsPhoneHint: 'Digits only; 10 to 15 digits, or leave it empty.',
  settingsSaveProfile: 'Save name and phone',
  settingsProfileSaved: 'Your name and phone are saved.',
  settingsPasswordTitle: 'Password',
  settingsPasswordIntro: 'Enter your current password first: we check it before anything changes.',
  settingsCurrentPassword: 'Current password',
  settingsNewPassword: 'New password',
  settingsConfirmPassword: 'Confirm new password',
  settingsChangePassword: 'Change password',
  settingsPasswordChanged: 'Your password has been changed.',
  settingsEmailTitle: 'E-mail address',
  settingsEmailCurrent: 'You sign in with',
  settingsEmailIntro:
    'We send a link to the new address. The change takes effect when you open it; then sign in again with the new address.',
  settingsNewEmail: 'New e-mail address',
  settingsSendEmailLink: 'Send verification link',
  settingsEmailLinkSent:
    'We sent a verification link to {email}. Open it, then sign in again with the new address.',
  settingsPreferencesTitle: 'Notifications',
  settingsPreferencesIntro: 'Choose how Medora tells you about your appointments.',
  settingsPrefBookingEmails: 'E-mail me booking confirmations',
  settingsPrefReminderEmails: 'E-mail me appointment reminders',
  settingsPrefReminderLead: 'Send reminders',
  settingsPrefLeadOption: '{hours} {hours:hour|hours} before',
  settingsPrefInApp: 'Show notifications in Medora (the bell)',
  settingsSavePreferences: 'Save notification settings',
  settingsPreferencesSaved: 'Your notification settings are saved.',
  mailboxKindChangeEmail: 'Verify new e-mail address',
  // The staff frame (account menu role labels, the bell's doctor and applicant
  // notifications, refused pages, the way to /doctor-signup)
  accountRoleProvider: 'Healthcare Provider',
  accountRoleDoctor: 'Doctor',
  accountRoleAdmin: 'Admin',
  accessDeniedAdmin: 'Only administrators can open the admin page. This is your own dashboard.',
  accessDeniedProviderDashboard:
    'Only approved doctors and providers can open the provider dashboard. This is your own page.',
  doctorSignupPrompt: 'New to Medora as a doctor or provider?',
  doctorSignupVerifyFirst:
    'After you apply, open the verification link we e-mail you before your first login.',
  // A suspended doctor is told so
  accountSuspendedTitle: 'Account suspended',
  accountSuspended: 'Your account is suspended: {reason}. Contact support.',
  runtimeConfigErrorTitle: 'Medora is not configured',
  runtimeConfigErrorBody:
    'This site could not load its settings (/runtime-config.json is missing or invalid), so sign-in is turned off. Please try again later or contact the clinic.',
  runtimeConfigErrorRetry: 'Try again',
  unsubscribeTitle: 'Stop appointment reminders',
  unsubscribeIntro:
    'This turns off the reminder e-mails Medora sends before your appointments. Booking confirmations and the reminders in the app are not affected; you can turn reminders on again on your settings page.',
  unsubscribeConfirm: 'Stop reminder e-mails',
  unsubscribeWorking: 'Turning reminders off…',
  unsubscribeDone: 'Done: Medora will not e-mail you appointment reminders.',
  unsubscribeChecking: 'Checking the link…',
  unsubscribeToSettings: 'Go to your settings',
  mailSinkHeading: 'E-mails sent by Medora',
  mailSinkIntro:
    'Every e-mail the API sent while it runs locally (newest first; nothing leaves this machine).',
  mailSinkEmpty: 'No e-mail yet.',
  mailSinkLoading: 'Loading the e-mails…',
  mailSinkFailed: 'Could not load the e-mails: {message}',
  mailSinkTo: 'To',
  mailSinkFrom: 'From',
  mailSinkReceived: 'Received',
  mailSinkOpen: 'Open',
  mailSinkClose: 'Back to the list',
  mailSinkText: 'Plain text',
  mailSinkShowHtml: 'Show the HTML part',
  mailSinkHideHtml: 'Hide the HTML part',
  mailSinkHtmlFrame: 'The HTML part of the e-mail',
  mailSinkLinks: 'Links in this e-mail',
  mailSinkAttachments: 'Attachments',
} as const;

addMessages(SHELL_MESSAGES);
