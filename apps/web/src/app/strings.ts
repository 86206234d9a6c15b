import { registerStrings } from '../i18n';

/** English strings of the app's own screens, e.g. the route error (namespace 'common'). */
export const COMMON_STRINGS = {
  routeErrorTitle: 'This page could not be opened',
  routeErrorText: 'The app may have been updated, or the connection dropped while loading. Nothing you saved is lost.',
  reload: 'Reload',
  // Mantine's built-in controls: a modal's × and the eye of a password field.
  goBack: 'Go back',
  dismiss: 'Dismiss',
  togglePassword: 'Show or hide the password',
};

registerStrings('common', COMMON_STRINGS);
