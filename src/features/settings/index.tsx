export { default } from './SettingsPage';
