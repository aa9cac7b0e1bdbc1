import { APP_TITLE } from '../../../shared/product';

/** The keychain entry every secret of the app is filed under (the calibration command reads the key there too). */
export const KEYCHAIN_SERVICE = APP_TITLE;
