import { startPage } from '../../page/start-page';
import { ChangePasswordScreen } from './ChangePasswordScreen';

void startPage(ChangePasswordScreen, 'change-password-component');
