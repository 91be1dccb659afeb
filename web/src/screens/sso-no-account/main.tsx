import { startPage } from '../../page/start-page';
import { SsoNoAccountScreen } from './SsoNoAccountScreen';

void startPage(SsoNoAccountScreen, 'sso-no-account');
