import { startPage } from '../../page/start-page';
import { SsoStartAtPortalScreen } from './SsoStartAtPortalScreen';

void startPage(SsoStartAtPortalScreen, 'sso-start-at-portal');
