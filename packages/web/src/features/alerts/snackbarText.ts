export { notifyError, snackbarText } from '../../app/notifications/snackbarText';
