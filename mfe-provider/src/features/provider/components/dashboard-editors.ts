// The provider dashboard's editors, one chunk the page loads after its first screen.
export { FirstHoursStep, ScheduleEditor } from './schedule-editor';
export { ProfileEditor } from './profile-editor';
