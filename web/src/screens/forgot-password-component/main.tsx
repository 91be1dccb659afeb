import { startPage } from '../../page/start-page';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

void startPage(ForgotPasswordScreen, 'forgot-password-component');
